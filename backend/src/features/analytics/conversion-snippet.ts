/**
 * The snippet a creator pastes into their own site (Manage Content → Track conversions). It remembers the
 * `utm_campaign` a visitor arrived with (an enhanced link's short code) and the signed `cf_click` of their
 * click (what verifies a conversion) for the visit, and defines
 * `crossfeedConversion(kind, value)` that reports one conversion to POST /track/conversion. The body is
 * sent as text/plain so the browser sends it without a CORS preflight.
 */
export function conversionSnippet(endpoint: string, token: string): string {
  return [
    '<script>',
    '(function () {',
    '  var params = new URLSearchParams(window.location.search);',
    "  var campaign = params.get('utm_campaign');",
    "  if (campaign) sessionStorage.setItem('crossfeed_campaign', campaign);",
    "  var click = params.get('cf_click');",
    "  if (click) sessionStorage.setItem('crossfeed_click', click);",
    '  window.crossfeedConversion = function (kind, value) {',
    `    return fetch(${JSON.stringify(endpoint)}, {`,
    "      method: 'POST',",
    '      keepalive: true,',
    "      headers: { 'Content-Type': 'text/plain' },",
    '      body: JSON.stringify({',
    `        token: ${JSON.stringify(token)},`,
    "        short_code: sessionStorage.getItem('crossfeed_campaign'),",
    "        click: sessionStorage.getItem('crossfeed_click'),",
    "        kind: kind || 'conversion',",
    '        value: value || 0',
    '      })',
    '    });',
    '  };',
    '})();',
    '</script>',
    "<!-- When a visitor converts (e.g. on your thank-you page): crossfeedConversion('signup', 0); -->",
  ].join('\n');
}
