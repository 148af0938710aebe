// An instant shown in a datetime-local input in the restaurant's zone, and back as the API takes it.

/** 'YYYY-MM-DDTHH:MM' of an instant in a zone (what a datetime-local input shows). */
export function localInput(instant: string, zone: string): string {
  const p = Object.fromEntries(
    new Intl.DateTimeFormat('en-CA', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit' })
      .formatToParts(new Date(instant))
      .map((x) => [x.type, x.value]),
  )
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}`
}

/** Square's Items Detail CSV, told by its header (a price point and an event type per line). */
export const looksLikeSquare = (text: string) => {
  const header = text.slice(0, 2000).split(/\r?\n/, 1)[0] ?? ''
  return /Price Point Name/i.test(header) && /Event Type/i.test(header)
}
