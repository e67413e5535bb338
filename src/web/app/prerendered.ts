/**
 * A page the build drew ahead of time carries its markup in #root and says for whom it was drawn.
 * landing.html is the landing page for a visitor without a session: the server sends it at `/` only
 * when the request signs nobody in, so the app starts knowing the answer the session request would
 * give and takes the markup over instead of drawing the page again.
 */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
export const SIGNED_OUT = 'signed-out';

/** Whether #root holds the markup the build drew for a signed-out visitor. */
export function isPrerenderedSignedOut(root: Element | null): boolean {
  return root?.getAttribute(PRERENDERED_ATTRIBUTE) === SIGNED_OUT && root.hasChildNodes();
}
