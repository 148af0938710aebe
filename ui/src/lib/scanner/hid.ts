// Keyboard (HID) barcode scanners type a code as keystrokes a few ms apart and end it with Enter or Tab.
// One listener tells a scan from typing: at least SCAN_MIN_LENGTH characters, an average of at most
// SCAN_MAX_AVG_MS between keys, ended by Enter or Tab. The ending key is swallowed (no form submits,
// focus does not jump) and the scanned characters are taken back out of the field they fell into.
// The gaps are read from each event's timeStamp (when the key arrived), not from when a handler ran:
// a busy page (a render per keystroke on a slow phone) handles a scanner's burst late and unevenly.
// One listener on window serves the whole page: the pages that take codes subscribe (`listenForScans`),
// and every quantity field registers itself (`refuseScansIn`) so a burst never becomes a quantity (issue 29).

export const SCAN_MIN_LENGTH = 6
export const SCAN_MAX_AVG_MS = 30
/** A pause longer than this starts a new code (a person's typing, or the next scan). */
export const SCAN_RESET_MS = 100

/** The part of a KeyboardEvent the detector reads (a DOM event fits). */
export interface KeyLike {
  key: string
  /** When the key arrived (ms, the page's clock); a DOM event has it. */
  timeStamp?: number
  ctrlKey?: boolean
  altKey?: boolean
  metaKey?: boolean
  target?: unknown
  preventDefault(): void
  stopPropagation(): void
}

export interface ScanDetectorOptions {
  /** `target`: where the focus was at the ending key; `into`: the field the scanned keys fell into, if any. */
  onScan: (code: string, target: unknown, into?: unknown) => void
  /** A clock read instead of the events' timeStamps (tests with fake timers). */
  now?: () => number
  minLength?: number
  maxAvgMs?: number
}

/** The field a scan typed into gets its text back as it was before the first scanned key. */
interface FieldLike {
  value: string
  dispatchEvent?(e: Event): boolean
}

const isField = (t: unknown): t is FieldLike =>
  typeof t === 'object' && t !== null && 'value' in t && typeof (t as FieldLike).value === 'string' && ((t as { tagName?: string }).tagName === 'INPUT' || (t as { tagName?: string }).tagName === 'TEXTAREA')

/** Sets a React-controlled field's value so React sees it (the native setter, then an input event). */
function restoreField(field: FieldLike, value: string) {
  const proto = Object.getPrototypeOf(field) as object
  const setter = Object.getOwnPropertyDescriptor(proto, 'value')?.set
  if (setter) setter.call(field, value)
  else field.value = value
  if (typeof Event !== 'undefined') field.dispatchEvent?.(new Event('input', { bubbles: true }))
}

export function createScanDetector(o: ScanDetectorOptions) {
  const when = (e: KeyLike) => (o.now ? o.now() : e.timeStamp && e.timeStamp > 0 ? e.timeStamp : performance.now())
  const minLength = o.minLength ?? SCAN_MIN_LENGTH
  const maxAvg = o.maxAvgMs ?? SCAN_MAX_AVG_MS
  let chars = ''
  let first = 0
  let last = 0
  let fieldBefore: { field: FieldLike; value: string } | null = null

  const reset = () => {
    chars = ''
    fieldBefore = null
  }

  return {
    /** Feed every keydown (capture phase, on window). Returns the code when this key ended a scan. */
    keydown(e: KeyLike): string | null {
      if (e.ctrlKey || e.altKey || e.metaKey) return null
      const t = when(e)
      if (e.key === 'Enter' || e.key === 'Tab') {
        const n = chars.length
        const avg = n > 1 ? (last - first) / (n - 1) : Infinity
        const fresh = t - last <= SCAN_RESET_MS
        const code = chars
        const before = fieldBefore
        reset()
        if (n >= minLength && avg <= maxAvg && fresh) {
          e.preventDefault()
          e.stopPropagation()
          // The code may have replaced a selection or gone in mid-text: wherever it is, the text before comes back.
          if (before && isField(before.field) && before.field.value.includes(code)) restoreField(before.field, before.value)
          o.onScan(code, e.target, before?.field)
          return code
        }
        return null
      }
      if (e.key.length !== 1) return null // Shift, arrows…: neither part of a code nor a break in one
      if (!chars || t - last > SCAN_RESET_MS) {
        chars = ''
        first = t
        fieldBefore = isField(e.target) ? { field: e.target, value: e.target.value } : null
      }
      chars += e.key
      last = t
      return null
    },
    reset,
  }
}

type ScanListener = (code: string, target: unknown) => void
const listeners = new Set<ScanListener>()
const guarded = new Map<unknown, (code: string) => void>()
let detach: (() => void) | null = null

/** The one window listener, there while anyone listens or any field is guarded. */
function attach() {
  if (detach) return
  const detector = createScanDetector({
    onScan: (code, target, into) => {
      ;(guarded.get(into) ?? guarded.get(target))?.(code)
      for (const l of [...listeners]) l(code, target)
    },
  })
  const handler = (e: KeyboardEvent) => detector.keydown(e)
  window.addEventListener('keydown', handler, true)
  detach = () => window.removeEventListener('keydown', handler, true)
}

function release() {
  if (listeners.size === 0 && guarded.size === 0) {
    detach?.()
    detach = null
  }
}

/** Codes scanned while mounted (the ending Enter/Tab swallowed); returns the remover. */
export function listenForScans(onScan: ScanListener): () => void {
  const l: ScanListener = (code, target) => onScan(code, target)
  listeners.add(l)
  attach()
  return () => {
    listeners.delete(l)
    release()
  }
}

/**
 * A field where a scan must never land as text (a quantity): a burst typed into it is taken back out (the
 * field keeps what it had) and `onRefused` says so; the code still goes to the page's own listeners.
 */
export function refuseScansIn(field: unknown, onRefused: (code: string) => void): () => void {
  guarded.set(field, onRefused)
  attach()
  return () => {
    if (guarded.get(field) === onRefused) guarded.delete(field)
    release()
  }
}
