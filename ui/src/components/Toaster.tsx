import { useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { dismissToast, useToastHost, useToasts } from './toast'

const TONES = {
  success: 'border-emerald-300 dark:border-emerald-700',
  error: 'border-red-300 dark:border-red-700',
  info: 'border-slate-300 dark:border-slate-600',
}
const DOTS = { success: 'bg-emerald-500', error: 'bg-red-500', info: 'bg-brand-500' }

/** Shows the popover again so it is the newest top-layer element, above an open modal dialog. */
function raise(el: HTMLElement | null) {
  // A dialog closing in the same update leaves the old host detached; showPopover would throw there.
  if (!el?.showPopover || !el.isConnected) return
  if (el.matches(':popover-open')) el.hidePopover()
  el.showPopover()
}

/** The sticky action bars (`data-sticky-bar`) pinned to the foot of the screen: how much of it they cover, in px. */
function stickyBarsHeight() {
  let covered = 0
  for (const bar of Array.from(document.querySelectorAll('[data-sticky-bar]'))) {
    const r = bar.getBoundingClientRect()
    if (r.height > 0 && r.top < innerHeight && r.bottom >= innerHeight - 1) covered = Math.max(covered, innerHeight - r.top)
  }
  return Math.round(covered)
}

/** While toasts are shown at the foot of a phone's screen: the height of the sticky bars there, followed as the page scrolls. */
function useBottomClearance(active: boolean) {
  const [clearance, setClearance] = useState(0)
  useEffect(() => {
    if (!active) return setClearance(0)
    const phone = matchMedia('(max-width: 639.98px)')
    const update = () => setClearance(phone.matches ? stickyBarsHeight() : 0)
    update()
    addEventListener('scroll', update, { passive: true })
    addEventListener('resize', update)
    return () => {
      removeEventListener('scroll', update)
      removeEventListener('resize', update)
    }
  }, [active])
  return clearance
}

/**
 * Where toasts appear: bottom on phones (above the thumb), top right on desks; at the top on a phone
 * while a dialog is open, since its action buttons sit at the bottom and a toast must not cover them; above a page's sticky action bar
 * (Submit, Save: marked `data-sticky-bar`) when one is at the foot of the screen. A modal dialog sits
 * in the top layer, above any z-index, and makes the rest of the page inert; so the toasts are a
 * manual popover (top layer, shown after the dialog, hence above it) rendered inside the newest
 * open dialog, where they stay clickable and are announced.
 */
export function Toaster() {
  const toasts = useToasts()
  const host = useToastHost()
  const ref = useRef<HTMLDivElement>(null)
  const clearance = useBottomClearance(toasts.length > 0 && !host)
  useEffect(() => {
    if (toasts.length) raise(ref.current)
  }, [toasts, host])
  return createPortal(
    <div
      ref={ref}
      popover="manual"
      aria-live="polite"
      style={clearance ? { bottom: clearance } : undefined}
      className={`pointer-events-none fixed inset-x-0 m-0 flex w-full flex-col items-center gap-2 overflow-visible border-0 bg-transparent p-4 text-inherit sm:top-0 sm:right-0 sm:bottom-auto sm:left-auto sm:w-96 sm:items-end ${host ? 'top-0 bottom-auto' : 'top-auto bottom-0'}`}
    >
      {toasts.map((t) => (
        <div
          key={t.id}
          role={t.kind === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border bg-white p-4 shadow-lg dark:bg-slate-900 ${TONES[t.kind]}`}
        >
          <span aria-hidden="true" className={`mt-1.5 size-2.5 shrink-0 rounded-full ${DOTS[t.kind]}`} />
          <div className="min-w-0 flex-1">
            <p className="text-sm font-semibold">
              {t.title}
              {t.count > 1 && (
                <>
                  <span aria-hidden="true" className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs tabular-nums text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    ×{t.count}
                  </span>
                  <span className="sr-only"> ({t.count} times)</span>
                </>
              )}
            </p>
            {t.message && <p className="mt-0.5 text-sm text-slate-700 dark:text-slate-300">{t.message}</p>}
            {t.action && (
              <button
                type="button"
                onClick={() => {
                  dismissToast(t.id)
                  t.action!.run()
                }}
                className="-ml-2 mt-1 inline-flex min-h-11 items-center rounded-lg px-2 text-sm font-semibold text-brand-700 underline-offset-4 hover:underline dark:text-brand-300"
              >
                {t.action.label}
              </button>
            )}
          </div>
          <button
            type="button"
            onClick={() => dismissToast(t.id)}
            aria-label="Dismiss notification"
            className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
      ))}
    </div>,
    host ?? document.body,
  )
}
