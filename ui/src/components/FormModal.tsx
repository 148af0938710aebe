import type { FormEvent, ReactNode } from 'react'
import { Button } from './Button'
import { Modal } from './Modal'

interface FormModalProps {
  open?: boolean
  title: string
  size?: 'sm' | 'md' | 'lg'
  /** While saving: the dialog cannot be closed and both buttons are disabled. */
  busy: boolean
  /** Ties the footer's submit button to the form. */
  formId: string
  submitLabel: string
  onClose: () => void
  onSubmit: (e: FormEvent) => void
  children: ReactNode
}

/** A dialog holding one form: Cancel and the submit button ('Saving...' while busy) in the footer. */
export function FormModal({ open = true, title, size, busy, formId, submitLabel, onClose, onSubmit, children }: FormModalProps) {
  return (
    <Modal
      open={open}
      title={title}
      size={size}
      onClose={busy ? () => {} : onClose}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" form={formId} disabled={busy}>
            {busy ? 'Saving...' : submitLabel}
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={onSubmit} noValidate className="space-y-4">
        {children}
      </form>
    </Modal>
  )
}
