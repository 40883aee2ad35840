import { cardStyles } from "../../components/staff/card";
import SortableList from "../../components/ui/sortable-list";
import { ItemRow, type ListedItem } from "./item-row";

/** The item list with drag handles: drag with a pointer, or focus a handle and use Space and the arrows. */
export default function SortableItemList({
  collection,
  items,
  onReorder,
}: {
  collection: string;
  items: ListedItem[];
  onReorder(items: ListedItem[]): void;
}) {
  return (
    <SortableList
      items={items}
      titleOf={(item) => item.title}
      onReorder={onReorder}
      className={`${cardStyles} overflow-hidden`}
      renderRow={(item, index, parts) => (
        <ItemRow collection={collection} item={item} index={index} count={items.length} {...parts} />
      )}
    />
  );
}
