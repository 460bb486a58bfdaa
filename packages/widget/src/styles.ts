/**
 * Puts CSS text into a shadow root without anything a strict CSP blocks: a constructable
 * stylesheet (`adoptedStyleSheets`, not governed by `style-src`'s `'unsafe-inline'`). Where the
 * browser has none (Safari before 16.4, jsdom), a `<style>` element is the fallback: that one
 * needs `style-src 'unsafe-inline'` under a CSP, and is the only path that does.
 */
export function adoptStyles(root: ShadowRoot, css: string): void {
  if (supportsAdoptedSheets(root)) {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
    return;
  }
  const style = root.ownerDocument.createElement('style');
  style.textContent = css;
  root.prepend(style);
}

function supportsAdoptedSheets(root: ShadowRoot): boolean {
  return (
    'adoptedStyleSheets' in root &&
    typeof CSSStyleSheet === 'function' &&
    typeof CSSStyleSheet.prototype.replaceSync === 'function'
  );
}
