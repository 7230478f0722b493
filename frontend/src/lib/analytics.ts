/**
 * Page views for Google Analytics (SPEC §2, §7): the gtag loader is added only when
 * VITE_GA_MEASUREMENT_ID is set at build time; without it nothing is loaded or sent.
 */
type Gtag = (...args: unknown[]) => void;

declare global {
  interface Window {
    dataLayer?: unknown[];
    gtag?: Gtag;
  }
}

let loadedId: string | null = null;

export function measurementId(): string | null {
  const id: unknown = import.meta.env.VITE_GA_MEASUREMENT_ID;
  return typeof id === 'string' && id.trim() ? id.trim() : null;
}

function loadGtag(id: string): void {
  if (loadedId === id) return;
  loadedId = id;
  window.dataLayer = window.dataLayer ?? [];
  // gtag.js reads the `arguments` object itself, so the queue must hold them, not arrays.
  window.gtag = function gtag() {
    // eslint-disable-next-line prefer-rest-params
    window.dataLayer?.push(arguments);
  };
  window.gtag('js', new Date());
  // Page views are sent by trackPageView on each route change, including the first.
  window.gtag('config', id, { send_page_view: false });
  const script = document.createElement('script');
  script.async = true;
  script.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
  document.head.appendChild(script);
}

export function trackPageView(path: string, id: string | null = measurementId()): void {
  if (!id) return;
  loadGtag(id);
  window.gtag?.('event', 'page_view', {
    page_path: path,
    page_location: window.location.href,
    page_title: document.title,
    send_to: id,
  });
}
