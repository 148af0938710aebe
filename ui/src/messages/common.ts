// The words every screen shares (titles, Retry, empty lists, dates) and the item picker's.
// Each concern has its own dictionary beside this one (auth, stock, kitchen, dashboard); messages
// the server also sends live in src/contract/ and win whenever the server sent one.
export const UI = {
  errorTitle: 'Error',
  successTitle: 'Success',
  unauthorized: 'Unauthorized',
  switchAccount: 'Switch Account',
  pageNotFound: 'Page not found',
  noDate: 'No date',
  invalidDate: 'Invalid date',
  retry: 'Retry',
  /** The layout's error boundary when a page's code or data cannot be fetched (issue 24). */
  unreachable: "RIMS can't be reached — check the Wi-Fi",
  unreachableDetail: 'The page could not be loaded. Your menu still works; Retry once the connection is back.',
  /** Any other failure while showing a page. */
  pageFailed: 'This page failed to show.',
  /** The thin banner while calls fail for lack of a connection. */
  offline: 'No connection to RIMS — retrying…',
  /** Issue 33.6: kitchen records made without the box, in the outbox badge. */
  recordsOnPhone: (n: number) => `${n} kitchen ${n === 1 ? 'record' : 'records'} on this phone, not yet on the box`,
  /** Issue 33.4: signing out with records still on the phone asks first. */
  signOutWaitingTitle: 'Not everything is on the box yet',
  signOutWaiting: (what: string) => `${what}. They stay on this phone and are sent when you sign in here again; until then nobody else sees them. Sign out anyway?`,
  signOutAnyway: 'Sign out',
  stay: 'Stay signed in',
  /** Issue 33.6: a kitchen record kept on the phone because the box did not answer. */
  keptOnPhone: 'The box does not answer: kept on this phone, and sent once when it does.',
  /** Under a failed submit that never reached the server: the form stays as it was. */
  connectionLost: 'The connection was lost: nothing changed on this screen, your entries are kept. Send again once the Wi-Fi is back.',
  empty: (kind: string, term?: string) => (term ? `No ${kind} found for "${term}"` : `No ${kind} found`),
  developerCredit: { label: 'Developed by the RIMS team', href: 'https://github.com/rims-inventory' },
} as const

/** The item picker (components/ItemPicker). */
export const PICKER = {
  placeholder: 'Search items by name or barcode',
  scan: 'Scan',
  searching: 'Searching...',
  none: (term?: string) => UI.empty('items', term),
  inStore: (category: string, quantity: string) => `${category} · ${quantity} in store`,
  inKitchen: (quantity: string) => `${quantity} in the kitchen`,
} as const
