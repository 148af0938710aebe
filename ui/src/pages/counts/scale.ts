// An optional Bluetooth scale (issue 35): the standard Weight Scale service (0x181D), its Weight Measurement
// characteristic (0x2A9D). Only where the browser offers Web Bluetooth (Android Chrome); a typed weight always works.

interface BluetoothLike {
  requestDevice(o: { filters: { services: number[] }[] }): Promise<{
    gatt?: { connect(): Promise<{ getPrimaryService(s: number): Promise<{ getCharacteristic(c: number): Promise<EventTarget & { startNotifications(): Promise<unknown>; value?: DataView }> }> }> }
  }>
}

const bluetooth = (): BluetoothLike | undefined => (navigator as Navigator & { bluetooth?: BluetoothLike }).bluetooth

export const hasBluetoothScale = () => typeof navigator !== 'undefined' && !!bluetooth()

/**
 * A Weight Measurement value → grams. Flags bit 0: 0 SI (resolution 0.005 kg), 1 imperial (0.01 lb); the weight is
 * a little-endian uint16 after the flags.
 */
export function weightGrams(v: DataView): number {
  const imperial = (v.getUint8(0) & 1) === 1
  const raw = v.getUint16(1, true)
  return imperial ? Math.round(raw * 0.01 * 453.59237 * 100) / 100 : raw * 5
}

/** Asks for a scale, waits for its next stable reading, answers it in g. */
export async function readScale(): Promise<number> {
  const bt = bluetooth()
  if (!bt) throw new Error('This browser has no Bluetooth')
  const device = await bt.requestDevice({ filters: [{ services: [0x181d] }] })
  const server = await device.gatt!.connect()
  const ch = await (await server.getPrimaryService(0x181d)).getCharacteristic(0x2a9d)
  return new Promise((resolve) => {
    ch.addEventListener('characteristicvaluechanged', () => ch.value && resolve(weightGrams(ch.value)), { once: true })
    void ch.startNotifications()
  })
}
