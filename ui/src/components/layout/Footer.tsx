import { useDisplaySettings } from '../../lib/display'
import { UI } from '../../messages/common'

export function Footer() {
  const { restaurant_name } = useDisplaySettings()
  return (
    <footer className="border-t border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <div className="mx-auto flex max-w-7xl flex-col gap-1 px-4 py-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6 dark:text-slate-400">
        <p>
          © {new Date().getFullYear()} {restaurant_name} · RIMS inventory
        </p>
        <a href={UI.developerCredit.href} target="_blank" rel="noreferrer" className="inline-flex min-h-11 items-center underline-offset-4 hover:underline sm:min-h-0">
          {UI.developerCredit.label}
        </a>
      </div>
    </footer>
  )
}
