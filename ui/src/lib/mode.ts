/**
 * The same bundle serves a restaurant and the group view (`rims group`): the group server's index.html says so
 * (`<meta name="rims-mode" content="group">`), and the app then offers only its sign-in and the Group page.
 */
export const groupMode = typeof document !== 'undefined' && document.querySelector<HTMLMetaElement>('meta[name="rims-mode"]')?.content === 'group'

/** Where a signed-in user starts: the dashboard, or the Group page on the group server. */
export const homePath = groupMode ? '/group' : '/dashboard'
