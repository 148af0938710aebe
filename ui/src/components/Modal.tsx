import { useEffect, useId, useRef, type ReactNode } from 'react'
import { dialogClosed, dialogOpened } from './toast'

interface ModalProps {
  open: boolean
  title: string
  onClose: () => void
  children: ReactNode
  /** Buttons in the footer. */
  footer?: ReactNode
  size?: 'sm' | 'md' | 'lg'
  /** The dialog's role: 'alertdialog' for confirmations and results. */
  role?: 'dialog' | 'alertdialog'
}

const WIDTHS = { sm: 'sm:max-w-sm', md: 'sm:max-w-lg', lg: 'sm:max-w-2xl' }

/**
 * A modal on the native <dialog>: the page behind is inert (focus stays inside), Esc closes,
 * focus returns to where it was. Full width on phones, centred on larger screens.
 */
export function Modal({ open, title, onClose, children, footer, size = 'md', role = 'dialog' }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()
  const onCloseRef = useRef(onClose)
  onCloseRef.current = onClose

  useEffect(() => {
    const dialog = ref.current
    if (!dialog || !open) return
    const opener = document.activeElement as HTMLElement | null
    if (!dialog.open) dialog.showModal()
    // Toasts now render inside this dialog, the one part of the page that is not inert.
    dialogOpened(dialog)
    // showModal focuses the first control (Close); a dialog may name a better one with data-autofocus.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus()
    return () => {
      dialog.close()
      dialogClosed(dialog)
      opener?.focus?.()
    }
  }, [open])

  if (!open) return null
  return (
    <dialog
      ref={ref}
      role={role === 'alertdialog' ? 'alertdialog' : undefined}
      aria-modal="true"
      aria-labelledby={titleId}
      onCancel={(e) => {
        e.preventDefault()
        onCloseRef.current()
      }}
      onClick={(e) => {
        // A click on the backdrop (the dialog element itself, outside its panel) closes.
        if (e.target === ref.current) onCloseRef.current()
      }}
      className={`m-0 mt-auto max-h-[92dvh] w-full max-w-none overflow-visible bg-transparent p-0 text-slate-900 sm:m-auto ${WIDTHS[size]} dark:text-slate-100`}
    >
      <div className="flex max-h-[92dvh] flex-col rounded-t-2xl bg-white shadow-xl sm:rounded-2xl dark:bg-slate-900 dark:ring-1 dark:ring-slate-700">
        <div className="flex items-start justify-between gap-4 border-b border-slate-200 px-5 py-4 dark:border-slate-700">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          <button
            type="button"
            onClick={() => onCloseRef.current()}
            aria-label="Close"
            className="-m-2 flex size-11 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="size-5" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round">
              <path d="M6 6l12 12M18 6L6 18" />
            </svg>
          </button>
        </div>
        {/* min-h-0 lets this area shrink and scroll inside the 92dvh sheet instead of the page scrolling under the header. */}
        <div className="min-h-0 overflow-y-auto overflow-x-hidden px-5 py-4">{children}</div>
        {footer && <div className="flex flex-col-reverse gap-2 border-t border-slate-200 px-5 py-4 sm:flex-row sm:justify-end dark:border-slate-700">{footer}</div>}
      </div>
    </dialog>
  )
}
