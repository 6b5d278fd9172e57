/** The members ticked on the selection page, carried to the captain step (kept for the tab). */
const KEY = 'cwh.selection';

export interface SelectionDraft {
  clanTag: string;
  members: string[];
}

export function readSelectionDraft(clanTag: string | null | undefined): string[] | null {
  try {
    const raw = sessionStorage.getItem(KEY);
    if (!raw) return null;
    const draft = JSON.parse(raw) as SelectionDraft;
    return draft.clanTag === clanTag && Array.isArray(draft.members) ? draft.members : null;
  } catch {
    return null;
  }
}

export function writeSelectionDraft(draft: SelectionDraft): void {
  try {
    sessionStorage.setItem(KEY, JSON.stringify(draft));
  } catch {
    // private mode: the captain step falls back to the saved roster
  }
}

export function clearSelectionDraft(): void {
  try {
    sessionStorage.removeItem(KEY);
  } catch {
    // nothing to clear
  }
}
