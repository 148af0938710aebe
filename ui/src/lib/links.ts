// Addresses several screens link to (a count card leads to the list it counts), kept in one place
// since no page imports another page's files.

export type StockTab = 'items' | 'categories' | 'suppliers' | 'alerts'
export const STOCK_TABS: readonly StockTab[] = ['items', 'categories', 'suppliers', 'alerts']

/** The Stock page with one tab open: /stock?tab=alerts (the Items tab is plain /stock). */
export const stockTabHref = (tab: StockTab) => (tab === 'items' ? '/stock' : `/stock?tab=${tab}`)

/** The movements page with the Record Stock Movement form open (the dashboard's quick action). */
export const MOVEMENT_FORM_HREF = '/movements?record=1'

/** The Manager's team page (menu entry and the dashboard's Team Members card). */
export const TEAM_HREF = '/manager/team'
