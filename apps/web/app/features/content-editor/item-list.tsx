import { lazy, Suspense, useEffect, useState } from "react";
import { useFetcher } from "react-router";
import { cardStyles } from "../../components/staff/card";
import { ItemRow, type ListedItem } from "./item-row";

// Drag and drop is only needed here, once the page is interactive: its code loads on demand.
const SortableItemList = lazy(() => import("./sortable-item-list"));

/**
 * A collection's items in list order. Rows move with their buttons (no JavaScript needed); once the
 * page has hydrated, drag and drop (mouse, touch or keyboard) reorders too and saves the new order.
 */
export function ItemList({
  collection,
  items,
  hydrated,
}: {
  collection: string;
  items: ListedItem[];
  hydrated: boolean;
}) {
  const reorder = useFetcher();
  const [order, setOrder] = useState(items);
  // The server's order wins whenever it changes (after a save, a move or another editor's change).
  useEffect(() => setOrder(items), [items]);

  const save = (next: ListedItem[]) => {
    setOrder(next);
    void reorder.submit(
      { intent: "reorder", ids: next.map((item) => item.id).join(",") },
      { method: "post" },
    );
  };

  const plain = (
    <ol className={`${cardStyles} overflow-hidden`}>
      {order.map((item, index) => (
        <ItemRow key={item.id} collection={collection} item={item} index={index} count={order.length} />
      ))}
    </ol>
  );
  if (!hydrated || order.length < 2) return plain;
  return (
    <Suspense fallback={plain}>
      <SortableItemList collection={collection} items={order} onReorder={save} />
    </Suspense>
  );
}
