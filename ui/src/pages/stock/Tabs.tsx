import { useRef, type KeyboardEvent } from 'react'

export interface TabDef<K extends string> {
  key: K
  label: string
  count?: number
}

/**
 * ARIA tabs (arrow keys move between them); the panel is rendered by the caller with `tabPanelProps`.
 * On a phone they sit two a row, all on screen (a strip that scrolls sideways hid the Alerts tab at 375 px).
 */
export function Tabs<K extends string>({ tabs, current, onChange, idBase }: { tabs: TabDef<K>[]; current: K; onChange: (k: K) => void; idBase: string }) {
  const refs = useRef<Record<string, HTMLButtonElement | null>>({})
  const onKey = (e: KeyboardEvent) => {
    const i = tabs.findIndex((t) => t.key === current)
    const next = e.key === 'ArrowRight' ? (i + 1) % tabs.length : e.key === 'ArrowLeft' ? (i - 1 + tabs.length) % tabs.length : e.key === 'Home' ? 0 : e.key === 'End' ? tabs.length - 1 : -1
    if (next < 0) return
    e.preventDefault()
    onChange(tabs[next].key)
    refs.current[tabs[next].key]?.focus()
  }
  return (
    <div role="tablist" aria-label="Stock sections" onKeyDown={onKey} className="mb-4 grid grid-cols-2 gap-x-1 border-b border-slate-200 sm:flex dark:border-slate-700">
      {tabs.map((t) => {
        const selected = t.key === current
        return (
          <button
            key={t.key}
            ref={(el) => {
              refs.current[t.key] = el
            }}
            type="button"
            role="tab"
            id={`${idBase}-tab-${t.key}`}
            aria-selected={selected}
            aria-controls={`${idBase}-panel-${t.key}`}
            tabIndex={selected ? 0 : -1}
            onClick={() => onChange(t.key)}
            className={`-mb-px min-h-11 min-w-0 shrink-0 border-b-2 px-3 text-sm font-semibold whitespace-nowrap sm:px-4 ${
              selected ? 'border-brand-700 text-brand-800 dark:border-brand-400 dark:text-brand-300' : 'border-transparent text-slate-600 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            {t.label}
            {t.count !== undefined && ' '}
            {t.count !== undefined && (
              <span className="ml-1 rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-200">{t.count}</span>
            )}
          </button>
        )
      })}
    </div>
  )
}

export const tabPanelProps = (idBase: string, key: string) => ({
  role: 'tabpanel' as const,
  id: `${idBase}-panel-${key}`,
  'aria-labelledby': `${idBase}-tab-${key}`,
})
