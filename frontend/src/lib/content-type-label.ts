/** A content type as the forms show it: 'article' → 'Article'. */
export const contentTypeLabel = (type: string): string => type.charAt(0).toUpperCase() + type.slice(1);
