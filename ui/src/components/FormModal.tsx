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
  /** The submit button's words while busy. */
  busyLabel?: string
  submitVariant?: 'primary' | 'danger'
  /** A second submit button (secondary), e.g. 'Save and add another'; the form reads `submitter.value` to tell them apart. */
  extraSubmit?: { label: string; value: string }
  onClose: () => void
  onSubmit: (e: FormEvent) => void
  children: ReactNode
}

/** A dialog holding one form: Cancel and the submit button (`busyLabel`, 'Saving...', while busy) in the footer. */
export function FormModal({ open = true, title, size, busy, formId, submitLabel, busyLabel = 'Saving...', submitVariant = 'primary', extraSubmit, onClose, onSubmit, children }: FormModalProps) {
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
          {extraSubmit && (
            <Button type="submit" variant="secondary" form={formId} name="then" value={extraSubmit.value} disabled={busy}>
              {extraSubmit.label}
            </Button>
          )}
          <Button type="submit" variant={submitVariant} form={formId} disabled={busy}>
            {busy ? busyLabel : submitLabel}
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
