// Test-only: draws an EAN-13 and writes it as a y4m video Chromium plays as a fake camera
// (DECISIONS "Camera tests"): 640×480 4:2:0, Y plane = the picture, U and V = 128 (grey).
import { writeFileSync } from 'node:fs'

const L = ['0001101', '0011001', '0010011', '0111101', '0100011', '0110001', '0101111', '0111011', '0110111', '0001011']
const G = ['0100111', '0110011', '0011011', '0100001', '0011101', '0111001', '0000101', '0010001', '0001001', '0010111']
const R = ['1110010', '1100110', '1101100', '1000010', '1011100', '1001110', '1010000', '1000100', '1001000', '1110100']
const PARITY = ['LLLLLL', 'LLGLGG', 'LLGGLG', 'LLGGGL', 'LGLLGG', 'LGGLLG', 'LGGGLL', 'LGLGLG', 'LGLGGL', 'LGGLGL']

export function ean13CheckDigit(twelve: string) {
  let sum = 0
  for (let i = 0; i < 12; i++) sum += Number(twelve[i]) * (i % 2 ? 3 : 1)
  return (10 - (sum % 10)) % 10
}

/** The 95 modules of an EAN-13 (1 = bar). */
export function ean13Modules(code: string): string {
  if (!/^\d{13}$/.test(code) || ean13CheckDigit(code.slice(0, 12)) !== Number(code[12])) throw new Error(`not an EAN-13: ${code}`)
  const parity = PARITY[Number(code[0])]
  let bits = '101'
  for (let i = 1; i <= 6; i++) bits += (parity[i - 1] === 'L' ? L : G)[Number(code[i])]
  bits += '01010'
  for (let i = 7; i <= 12; i++) bits += R[Number(code[i])]
  return bits + '101'
}

export const W = 640
export const H = 480

/** A 640×480 greyscale picture (white, the barcode centred, 4 px per module, bars 220 px tall). */
export function ean13Picture(code: string, module = 4): Uint8Array {
  const bits = ean13Modules(code)
  const y = new Uint8Array(W * H).fill(235)
  const x0 = Math.floor((W - bits.length * module) / 2)
  const top = Math.floor((H - 220) / 2)
  for (let row = top; row < top + 220; row++) {
    for (let m = 0; m < bits.length; m++) if (bits[m] === '1') y.fill(20, row * W + x0 + m * module, row * W + x0 + (m + 1) * module)
  }
  return y
}

/** Writes a y4m at `fps`: each picture for its number of frames, in turn (Chromium loops the file). */
export function writeY4m(file: string, scenes: [Uint8Array, number][], fps = 30) {
  const chroma = new Uint8Array((W / 2) * (H / 2)).fill(128)
  const parts: Uint8Array[] = [Buffer.from(`YUV4MPEG2 W${W} H${H} F${fps}:1 Ip A1:1 C420\n`)]
  for (const [picture, frames] of scenes) for (let f = 0; f < frames; f++) parts.push(Buffer.from('FRAME\n'), picture, chroma, chroma)
  writeFileSync(file, Buffer.concat(parts))
}

export const blankPicture = () => new Uint8Array(W * H).fill(235)
