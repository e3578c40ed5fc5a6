/**
 * Runs work that moves the page (a field's message shown on leaving it) only after the pointer
 * press that made the field lose focus has ended in its click.
 *
 * Pressing "Weiter" right after typing a wrong deposit blurs the deposit field on pointer-down;
 * its message then appeared above the button and pushed it down, so the pointer was released
 * beside it, no click happened, and neither the error summary nor the focus move followed
 * (issue 27). The same swallowed a tap on the radio below a field. While a press is under way the
 * message waits for its click (or, for a press that ends in no click, a moment after release).
 */

/** A press that ends without a click (a drag, a text selection) frees the waiting work then. */
const NO_CLICK_MS = 400;

let pressing = false;
let waiting: (() => void)[] = [];
let noClick: ReturnType<typeof setTimeout> | undefined;

function flush() {
  clearTimeout(noClick);
  pressing = false;
  const run = waiting;
  waiting = [];
  for (const fn of run) fn();
}

function listen() {
  if (typeof document === 'undefined') return; // rendered on the server in unit tests
  const opts = { capture: true, passive: true };
  const pressed = () => {
    clearTimeout(noClick);
    pressing = true;
  };
  document.addEventListener('pointerdown', pressed, opts);
  // A tap's focus moves on the mouse-down the browser makes from it after the touch has ended;
  // on a busy phone that comes later than NO_CLICK_MS after the pointer-up (seen in CI at load).
  document.addEventListener('mousedown', pressed, opts);
  // After the click's own handlers (a timer queued during its dispatch runs after them).
  document.addEventListener('click', () => void setTimeout(flush, 0), opts);
  const released = () => {
    clearTimeout(noClick);
    noClick = setTimeout(flush, NO_CLICK_MS);
  };
  document.addEventListener('pointerup', released, opts);
  document.addEventListener('mouseup', released, opts);
  document.addEventListener('pointercancel', released, opts);
}

// From the start: the press that blurs the first field must already be seen.
listen();

/** Runs `fn` now, or after the click of the pointer press under way. */
export function afterPress(fn: () => void) {
  if (pressing) waiting.push(fn);
  else fn();
}
