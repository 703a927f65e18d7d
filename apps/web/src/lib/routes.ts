/** Path rules of the shell (spec §2). */
export const isAuthPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/');
export const isDraftPath = (pathname: string) => pathname.startsWith('/draft/') || pathname === '/draft';
export const isCodeAssistantPath = (pathname: string) =>
  pathname === '/code-assistant' || pathname.startsWith('/code-assistant/');
/** Pages whose own bottom-right controls push the feedback button to the left. */
export const isViewerPath = (pathname: string) =>
  pathname.startsWith('/ordinance/') || pathname === '/pdf-viewer' || pathname.startsWith('/pdf-viewer/');

/** The conversation shown by the page, from /code-assistant/{threadId}. */
export function activeThreadIdOf(pathname: string): string | undefined {
  const match = /^\/code-assistant\/([^/]+)\/?$/.exec(pathname);
  return match ? decodeURIComponent(match[1]) : undefined;
}
