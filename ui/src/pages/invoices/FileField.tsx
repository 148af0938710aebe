import { useId } from 'react'
import { INVOICE_MSG, MAX_INVOICE_BYTES } from '../../../../src/contract/invoices'
import { OCR_UI } from '../../lib/ocr/messages'
import { INVOICE_UI as T } from '../../messages/invoices'

// What the server reads (issue 34.1); on a phone the chooser also offers mail attachments and cloud files, and
// photos when OCR is on (the invoice_ocr setting).
const ACCEPT = '.pdf,.xml,.csv,application/pdf,application/xml,text/xml,text/csv'
const PHOTO_ACCEPT = 'image/jpeg,image/png,image/webp'

export const isPhoto = (file: File) => file.type.startsWith('image/') || /\.(jpe?g|png|heic|heif|webp|gif|tiff?)$/i.test(file.name)

/** Why this file will not be read, said before it is sent (the server's own limit and words): a photo while OCR is off, another kind, too large. */
export function fileProblem(file: File, photos = false): string | null {
  if (isPhoto(file)) {
    if (!photos) return T.photoOff
    if (!/^image\/(jpeg|png|webp)$/.test(file.type) && !/\.(jpe?g|png|webp)$/i.test(file.name)) return OCR_UI.photoType
  } else if (!/\.(pdf|xml|csv)$/i.test(file.name) && !/(pdf|xml|csv)/.test(file.type)) return INVOICE_MSG.wrongType
  if (file.size > MAX_INVOICE_BYTES) return INVOICE_MSG.tooLarge
  return null
}

const inputClass =
  'block min-h-11 w-full rounded-lg border border-slate-300 bg-white p-2 text-sm file:mr-3 file:min-h-9 file:rounded-md file:border-0 file:bg-brand-700 file:px-3 file:font-semibold file:text-white dark:border-slate-600 dark:bg-slate-900'

/** The invoice file chooser: a 44 px control, the chosen name under it, and the refusal in words; with OCR on, a camera control too. */
export function FileField({ file, error, photos = false, onChange }: { file: File | null; error: string | null; photos?: boolean; onChange: (file: File | null) => void }) {
  const id = useId()
  const hint = photos ? OCR_UI.fileHintWithPhotos : T.fileHint
  return (
    <div className="space-y-1.5">
      <label htmlFor={id} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
        {T.file}
      </label>
      <input
        id={id}
        type="file"
        accept={photos ? `${ACCEPT},${PHOTO_ACCEPT}` : ACCEPT}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-${error ? 'error' : 'hint'}`}
        onChange={(e) => onChange(e.target.files?.[0] ?? null)}
        className={inputClass}
      />
      {error ? (
        <p id={`${id}-error`} role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      ) : (
        <p id={`${id}-hint`} className="text-xs text-slate-600 dark:text-slate-400">
          {file ? `${file.name} · ${Math.ceil(file.size / 1024)} KB` : hint}
        </p>
      )}
      {photos && (
        <div className="space-y-1.5 pt-2">
          <label htmlFor={`${id}-photo`} className="block text-sm font-medium text-slate-700 dark:text-slate-200">
            {OCR_UI.takePhoto}
          </label>
          {/* capture: the phone opens its camera (a desktop browser offers its files). */}
          <input id={`${id}-photo`} type="file" accept={PHOTO_ACCEPT} capture="environment" aria-describedby={`${id}-photo-hint`} onChange={(e) => onChange(e.target.files?.[0] ?? null)} className={inputClass} />
          <p id={`${id}-photo-hint`} className="text-xs text-slate-600 dark:text-slate-400">
            {OCR_UI.photoHint}
          </p>
        </div>
      )}
    </div>
  )
}
