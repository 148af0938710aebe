import QRCode from 'qrcode'

/** A QR code for the terminal (half-block characters), printed at start for a phone's camera. */
export const terminalQr = (text: string) => QRCode.toString(text, { type: 'terminal', small: true })

/** A QR code as SVG text, for the Settings screen. */
export const svgQr = (text: string) => QRCode.toString(text, { type: 'svg', margin: 2, errorCorrectionLevel: 'M' })
