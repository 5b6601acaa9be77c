/** User preferences kept in localStorage under `prefs`; unknown keys are preserved. */
export interface Preferences { density: 'comfortable' | 'compact' }

export function loadPreferences(): Preferences {
  try {
    return { density: 'comfortable', ...JSON.parse(localStorage.getItem('prefs') ?? '{}') };
  } catch {
    return { density: 'comfortable' };
  }
}

export function savePreferences(p: Preferences): void {
  localStorage.setItem('prefs', JSON.stringify(p));
}
