/**
 * Scrolls the page's own scroller (<main>) so an element sits in its upper third. Native
 * scrollIntoView would also scroll the shell's fixed-height frame and push the top bar away.
 */
export function revealInMain(element: HTMLElement, behavior: ScrollBehavior = 'auto'): void {
  const main = document.getElementById('main-content');
  if (!main) {
    element.scrollIntoView({ block: 'center', behavior });
    return;
  }
  const offset = element.getBoundingClientRect().top - main.getBoundingClientRect().top;
  main.scrollTo({ top: Math.max(0, main.scrollTop + offset - main.clientHeight / 3), behavior });
  element.focus({ preventScroll: true });
}
