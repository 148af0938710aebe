// The words of reading a photo of a paper invoice on the phone (issue 34, 2d).
export const OCR_UI = {
  takePhoto: 'Take a photo of a paper invoice',
  photoHint: 'Flat, in good light, the whole page in the picture. It is read on this phone, then sent to the box.',
  fileHintWithPhotos: 'PDF, XML, CSV or a photo (JPEG, PNG, WebP), up to 10 MB',
  loading: 'Loading the reader…',
  reading: (pct: number) => `Reading the photo… ${pct}%`,
  failed: 'The photo could not be read on this phone',
  photoType: 'A photo must be a JPEG, PNG or WebP picture',
} as const
