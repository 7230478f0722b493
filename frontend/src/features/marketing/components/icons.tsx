import { Icon, type IconProps } from '@/components/ui/icons';

/** Decorative line icons of the public pages only (22 px by default); the shared ones are in components/ui/icons. */
export const IconMessage = (props: IconProps) => (
  <Icon size={22} {...props}>
    <path d="M4 5h16v11H9l-5 4V5Z" />
    <path d="M8 9.5h8M8 12.5h5" />
  </Icon>
);

export const IconQuote = (props: IconProps) => (
  <Icon size={22} {...props}>
    <path d="M9 7H5v5h4v-1a4 4 0 0 1-4 4M19 7h-4v5h4v-1a4 4 0 0 1-4 4" />
  </Icon>
);

export const IconArrowRight = (props: IconProps) => (
  <Icon size={22} {...props}>
    <path d="M5 12h14M13 6l6 6-6 6" />
  </Icon>
);
