import { STOCK_MSG } from '../../../../src/contract/stock'
import { deleteMovement, getItem } from '../../api/stock'
import { failureMessage } from '../../components/failureMessage'
import { toast } from '../../components/toast'
import { UI } from '../../messages/common'
import { MOVEMENT_UI, STOCK_UI } from '../../messages/stock'

type Quantity = (n: number, unit: string) => string

/** The item's balance after a write, named in the toast; the toast still shows (without it) if it cannot be read. */
async function balanceLine(itemId: number, itemName: string, unit: string, quantity: Quantity) {
  try {
    return STOCK_UI.inStoreNow(itemName, quantity((await getItem(itemId)).data.current_quantity, unit))
  } catch {
    return itemName
  }
}

/**
 * The toast after a movement is recorded: the item and its new balance, and Undo for 10 s when the
 * person may delete movements (`canUndo`: the access table gives DELETE /stock-movements/{id} to the
 * Manager). Undo deletes the movement through that route; when the rules refuse (the stock was already
 * used, so the balance would go below zero), the server's refusal is shown.
 */
export async function movementRecordedToast(
  m: { id: number; item_id: number; item_name: string; unit: string },
  title: string,
  quantity: Quantity,
  onChanged: () => void,
  canUndo: boolean,
) {
  const message = await balanceLine(m.item_id, m.item_name, m.unit, quantity)
  if (!canUndo) return toast({ kind: 'success', title, message })
  toast({
    kind: 'success',
    title,
    message,
    action: {
      label: MOVEMENT_UI.undo,
      run: async () => {
        try {
          const res = await deleteMovement(m.id)
          onChanged()
          toast({ kind: 'success', title: MOVEMENT_UI.undone(res.message || STOCK_MSG.movementDeleted), message: await balanceLine(m.item_id, m.item_name, m.unit, quantity) })
        } catch (err) {
          toast({ kind: 'error', title: UI.errorTitle, message: failureMessage(err, MOVEMENT_UI.deleteFailed, MOVEMENT_UI.deleteError) })
        }
      },
    },
  })
}

/** Any other movement toast (edit, delete): the item and its new balance. */
export async function movementToast(m: { item_id: number; item_name: string; unit: string }, title: string, quantity: Quantity) {
  toast({ kind: 'success', title, message: await balanceLine(m.item_id, m.item_name, m.unit, quantity) })
}
