// Rendered both by the page's RouteErrorBoundary and by AppErrorBoundary (outside the router),
// so it must not use router hooks or links.
export function ErrorFallback() {
  return (
    <div className="error-fallback" role="alert">
      <h1>Something went wrong.</h1>
      <p>An unexpected error occurred. Please try again later.</p>
      <div className="error-fallback-actions">
        <button type="button" className="button button-primary" onClick={() => window.location.reload()}>
          Reload page
        </button>
        <a className="button button-ghost" href="/">
          Go to the home page
        </a>
      </div>
    </div>
  );
}
