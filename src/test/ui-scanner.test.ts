import { afterEach, beforeEach, describe, expect, jest, test } from 'bun:test'
import { createAgreement } from '../../ui/src/lib/scanner/agreement'
import { createScanDetector, listenForScans, refuseScansIn, type KeyLike } from '../../ui/src/lib/scanner/hid'
import { receiveScan } from '../../ui/src/components/scan/receiveScan'

// The keyboard-scanner listener and the camera's two-frame rule (ui/src/lib/scanner), with fake timers.

beforeEach(() => jest.useFakeTimers({ now: 0 }))
afterEach(() => jest.useRealTimers())

/** Types `text` then `end` with `gapMs` between keys; returns what the detector saw and whether the end key went through. */
function type(text: string, gapMs: number, end = 'Enter') {
  const scans: string[] = []
  const field = { tagName: 'INPUT', value: 'half typed ' }
  const detector = createScanDetector({ onScan: (c) => scans.push(c), now: () => Date.now() })
  const submitted: string[] = []
  const press = (key: string) => {
    let prevented = false
    let stopped = false
    detector.keydown({ key, target: field, preventDefault: () => (prevented = true), stopPropagation: () => (stopped = true) })
    // What the browser does with a key nobody prevented: a character goes into the field, Enter submits the form.
    if (!prevented && key.length === 1) field.value += key
    if (!prevented && !stopped && (key === 'Enter' || key === 'Tab')) submitted.push(key)
  }
  for (const ch of text) {
    press(ch)
    jest.advanceTimersByTime(gapMs)
  }
  press(end)
  return { scans, submitted, field }
}

describe('keyboard scanner listener', () => {
  test('8 ms per key + Enter is a scan: the Enter is swallowed, nothing submits, the field gets its text back', () => {
    const r = type('5901234123457', 8)
    expect(r.scans).toEqual(['5901234123457'])
    expect(r.submitted).toEqual([])
    expect(r.field.value).toBe('half typed ')
  })
  test('a Tab suffix is swallowed too (focus does not jump)', () => {
    const r = type('SUP-0042', 8, 'Tab')
    expect(r.scans).toEqual(['SUP-0042'])
    expect(r.submitted).toEqual([])
  })
  test('150 ms per key is typing: no scan, the Enter goes through', () => {
    const r = type('5901234123457', 150)
    expect(r.scans).toEqual([])
    expect(r.submitted).toEqual(['Enter'])
    expect(r.field.value).toBe('half typed 5901234123457')
  })
  test('fewer than 6 characters is typing even when fast; 30 ms on average is still a scan, 31 is not', () => {
    expect(type('12345', 8).scans).toEqual([])
    expect(type('123456', 30).scans).toEqual(['123456'])
    expect(type('123456', 31).scans).toEqual([])
  })
  test('a pause before the Enter (a person pressing it after a paste) is not a scan', () => {
    const scans: string[] = []
    const d = createScanDetector({ onScan: (c) => scans.push(c), now: () => Date.now() })
    const key = (k: string) => d.keydown({ key: k, preventDefault() {}, stopPropagation() {} })
    for (const ch of 'ABCDEFG') (key(ch), jest.advanceTimersByTime(5))
    jest.advanceTimersByTime(400)
    key('Enter')
    expect(scans).toEqual([])
  })
  test("the gaps are the events' own timeStamps: a burst handled late and unevenly by a busy page is still a scan", () => {
    const scans: string[] = []
    const d = createScanDetector({ onScan: (c) => scans.push(c) })
    const key = (k: string, timeStamp: number) => d.keydown({ key: k, timeStamp, preventDefault() {}, stopPropagation() {} })
    // The keys arrived 8 ms apart; the page got to them 0–300 ms late (fake time runs on meanwhile).
    ;[...'5901234123457'].forEach((ch, i) => (key(ch, 1000 + i * 8), jest.advanceTimersByTime(i % 3 === 0 ? 300 : 0)))
    key('Enter', 1000 + 13 * 8)
    expect(scans).toEqual(['5901234123457'])
    // The same keys as a person types them (150 ms apart) are typing, however fast the page handles them.
    ;[...'5901234123457'].forEach((ch, i) => key(ch, 5000 + i * 150))
    key('Enter', 5000 + 13 * 150)
    expect(scans).toEqual(['5901234123457'])
  })
})

describe('camera: two agreeing frames, the same code ignored for 1.5 s', () => {
  test('one frame is not enough; two agreeing frames accept; a different read in between restarts', () => {
    const a = createAgreement()
    expect(a.frame('A', 0)).toBeNull()
    expect(a.frame('B', 40)).toBeNull()
    expect(a.frame('B', 80)).toBe('B')
  })
  test('the same code is ignored for 1.5 s, then counted again; another code at once', () => {
    const a = createAgreement()
    a.frame('A', 0)
    expect(a.frame('A', 40)).toBe('A')
    expect(a.frame('A', 80)).toBeNull()
    expect(a.frame('A', 1400)).toBeNull()
    expect(a.frame('C', 1450)).toBeNull()
    expect(a.frame('C', 1490)).toBe('C')
    a.frame('A', 3000)
    expect(a.frame('A', 3040)).toBe('A')
  })
})

describe('receiving: what one scan adds to a delivery', () => {
  const lines = [
    { id: 1, item_id: 7, unit: 'L', pack: { id: 70, size: 9 } },
    { id: 2, item_id: 8, unit: 'kg', pack: null },
  ]
  const resolved = (o: object) => ({ code: 'x', gtin: null, gs1: null, item: null, pack: null, suggestion: null, ...o }) as never
  test('a case code on a line ordered in cases adds one case, with the GS1 expiry and lot', () => {
    const r = receiveScan(lines, resolved({ item: { id: 7 }, pack: { id: 70, name: 'case', size: 9 }, gs1: { ais: {}, expiry: '2026-12-31', lot: 'ABC' } }))
    expect(r).toMatchObject({ line: { id: 1 }, add: 1, expiry: '2026-12-31', lot: 'ABC' })
  })
  test('a unit code on a case line adds its share of a case; a weight label on a kg line adds its net kg', () => {
    expect(receiveScan(lines, resolved({ item: { id: 7 } }))?.add).toBe(0.11)
    expect(receiveScan(lines, resolved({ item: { id: 8 }, gs1: { ais: {}, net_kg: 1.25, best_before: '2027-02-28' } }))).toMatchObject({ add: 1.25, expiry: '2027-02-28' })
  })
  test('an item not on the order, or an unknown code, finds no line', () => {
    expect(receiveScan(lines, resolved({ item: { id: 9 } }))).toBeNull()
    expect(receiveScan(lines, resolved({}))).toBeNull()
  })
})

describe('a burst into a quantity field (issue 29): never a quantity', () => {
  /** A burst typed the way a browser would: at the end, or with the caret at the start (before the old text). */
  function burst(handler: (e: KeyLike) => void, field: { tagName: string; value: string }, code: string, caret: 'end' | 'start' = 'end') {
    const old = field.value
    let typed = ''
    for (const ch of code) {
      handler({ key: ch, target: field, preventDefault() {}, stopPropagation() {} })
      typed += ch
      field.value = caret === 'end' ? old + typed : typed + old
      jest.advanceTimersByTime(8)
    }
    let swallowed = false
    handler({ key: 'Enter', target: field, preventDefault: () => (swallowed = true), stopPropagation() {} })
    return swallowed
  }

  test('a code typed in front of the old text (caret at the start) is taken out again: the field gets its text back', () => {
    const scans: [string, unknown][] = []
    const field = { tagName: 'INPUT', value: '250' }
    const d = createScanDetector({ onScan: (c, _t, into) => scans.push([c, into]), now: () => Date.now() })
    expect(burst((e) => d.keydown(e), field, '96385074', 'start')).toBe(true)
    expect(field.value).toBe('250')
    expect(scans).toEqual([['96385074', field]])
  })

  test('a guarded field is told it was refused; the page listeners still get the code; one window listener', () => {
    const handlers: ((e: KeyLike) => void)[] = []
    const g = globalThis as { window?: unknown }
    const before = g.window
    g.window = {
      addEventListener: (_: string, h: (e: KeyLike) => void) => handlers.push(h),
      removeEventListener: (_: string, h: (e: KeyLike) => void) => handlers.splice(handlers.indexOf(h), 1),
    }
    try {
      const field = { tagName: 'INPUT', value: '5' }
      const other = { tagName: 'INPUT', value: '7' }
      const refused: string[] = []
      const page: string[] = []
      const unguard = refuseScansIn(field, (c) => refused.push(c))
      const unguardOther = refuseScansIn(other, () => refused.push('other'))
      const unlisten = listenForScans((c) => page.push(c))
      expect(handlers).toHaveLength(1)
      burst((e) => handlers[0](e), field, '96385074')
      expect(field.value).toBe('5')
      expect(refused).toEqual(['96385074'])
      expect(page).toEqual(['96385074'])
      unguard()
      unguardOther()
      expect(handlers).toHaveLength(1) // the page still listens
      unlisten()
      expect(handlers).toHaveLength(0)
    } finally {
      g.window = before
    }
  })
})
