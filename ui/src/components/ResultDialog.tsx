import { useEffect } from 'react'
import { UI } from '../messages/common'
import { Button } from './Button'
import { Modal } from './Modal'

export interface Result {
  kind: 'success' | 'error'
  message: string
}

/** SPEC §9 / DECISIONS: a Success dialog closes itself after 3 s; an Error dialog stays until closed. */
export const SUCCESS_DIALOG_MS = 3000

export function ResultDialog({ result, onClose }: { result: Result | null; onClose: () => void }) {
  useEffect(() => {
    if (result?.kind !== 'success') return
    const t = setTimeout(onClose, SUCCESS_DIALOG_MS)
    return () => clearTimeout(t)
  }, [result, onClose])

  const success = result?.kind === 'success'
  return (
    <Modal
      open={result !== null}
      title={success ? UI.successTitle : UI.errorTitle}
      onClose={onClose}
      size="sm"
      role="alertdialog"
      footer={
        <Button variant={success ? 'primary' : 'secondary'} onClick={onClose} data-autofocus>
          OK
        </Button>
      }
    >
      <div className="flex items-start gap-3">
        <span
          aria-hidden="true"
          className={`flex size-9 shrink-0 items-center justify-center rounded-full ${success ? 'bg-emerald-100 text-emerald-700 dark:bg-emerald-950 dark:text-emerald-300' : 'bg-red-100 text-red-700 dark:bg-red-950 dark:text-red-300'}`}
        >
          {success ? '✓' : '!'}
        </span>
        <p className="pt-1.5 text-sm text-slate-700 dark:text-slate-300">{result?.message}</p>
      </div>
    </Modal>
  )
}
