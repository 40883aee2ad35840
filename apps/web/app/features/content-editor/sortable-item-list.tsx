import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  type UniqueIdentifier,
  useSensor,
  useSensors,
} from "@dnd-kit/core";
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from "@dnd-kit/sortable";
import { CSS } from "@dnd-kit/utilities";
import { GripVertical } from "lucide-react";
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
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const titleOf = (id: UniqueIdentifier) => items.find((item) => item.id === id)?.title ?? "the item";
  const positionOf = (id: UniqueIdentifier | undefined) => items.findIndex((item) => item.id === id) + 1;

  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = items.findIndex((item) => item.id === active.id);
    const to = items.findIndex((item) => item.id === over.id);
    onReorder(arrayMove(items, from, to));
  };

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        screenReaderInstructions: {
          draggable:
            "To reorder, press Space to pick the item up, the up and down arrows to move it, Space again to drop it, or Escape to cancel.",
        },
        announcements: {
          onDragStart: ({ active }) => `Picked up ${titleOf(active.id)}, position ${positionOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${titleOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : "",
          onDragEnd: ({ active, over }) =>
            over
              ? `${titleOf(active.id)} dropped at position ${positionOf(over.id)}. The new order is saved.`
              : `${titleOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Reordering cancelled; ${titleOf(active.id)} is back in place.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className="overflow-hidden rounded-card border border-navy-100 bg-white shadow-card">
          {items.map((item, index) => (
            <SortableRow
              key={item.id}
              collection={collection}
              item={item}
              index={index}
              count={items.length}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  collection,
  item,
  index,
  count,
}: {
  collection: string;
  item: ListedItem;
  index: number;
  count: number;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: item.id });
  return (
    <ItemRow
      collection={collection}
      item={item}
      index={index}
      count={count}
      rowRef={setNodeRef}
      dragging={isDragging}
      style={{ transform: CSS.Translate.toString(transform), transition }}
      handle={
        <button
          type="button"
          ref={setActivatorNodeRef}
          {...attributes}
          {...listeners}
          aria-label={`Drag to reorder “${item.title}”`}
          className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-650 hover:bg-navy-50 active:cursor-grabbing"
        >
          <GripVertical aria-hidden size={18} />
        </button>
      }
    />
  );
}
