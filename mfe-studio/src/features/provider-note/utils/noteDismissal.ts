/** Where the studio remembers that the seller dismissed the built-in engine note (this browser). */
export const NOTE_DISMISSED_KEY = 'vton.builtInEngineNote.dismissed';

export function isNoteDismissed(): boolean {
  try {
    return localStorage.getItem(NOTE_DISMISSED_KEY) === '1';
  } catch {
    // storage blocked (a privacy mode): the note shows, and Dismiss still hides it for this visit
    return false;
  }
}

export function rememberNoteDismissed(): void {
  try {
    localStorage.setItem(NOTE_DISMISSED_KEY, '1');
  } catch {
    // see isNoteDismissed
  }
}
