// Work typed but not saved, kept on the device (localStorage) until it is saved or discarded: the recipe editor's
// draft, a shelf order. Each screen names its own key (user and record) and checks the shape it reads back.

/** What was kept under `key`, or null when nothing (or nothing readable, or nothing `valid`) is there. */
export function loadKept<T>(key: string, valid: (value: unknown) => value is T): T | null {
  try {
    const raw = localStorage.getItem(key)
    if (raw === null) return null
    const value: unknown = JSON.parse(raw)
    return valid(value) ? value : null
  } catch {
    return null
  }
}

export function keep(key: string, value: unknown) {
  try {
    localStorage.setItem(key, JSON.stringify(value))
  } catch {
    // A full or blocked storage keeps the work on screen only; leaving it still asks first.
  }
}

export function forget(key: string) {
  try {
    localStorage.removeItem(key)
  } catch {}
}
