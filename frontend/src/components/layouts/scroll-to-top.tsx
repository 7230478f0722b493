import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/**
 * A new page starts at its top; Back and Forward (POP) leave the position to the browser, which restores
 * it. Renders nothing. (The data router's ScrollRestoration did this before; the app now uses the
 * declarative router, which has none.)
 */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    if (navigationType !== 'POP') window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
