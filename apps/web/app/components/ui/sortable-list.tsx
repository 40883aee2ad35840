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
import type { CSSProperties, ReactNode, Ref } from "react";

/** What a row of a sortable list gets to draw itself: the drag handle and where it is being dragged. */
export interface SortableRowParts {
  handle: ReactNode;
  rowRef: Ref<HTMLLIElement>;
  style: CSSProperties;
  dragging: boolean;
}

/**
 * A list whose rows move by drag and drop: with a pointer, or focus a row's handle and use Space and
 * the arrows. The caller draws each row (an `li` using `rowRef` and `style`) and saves the new order.
 * Import it lazily: dnd-kit is only needed once a page is interactive.
 */
export default function SortableList<T extends { id: UniqueIdentifier }>({
  items,
  titleOf,
  onReorder,
  renderRow,
  className,
  label,
}: {
  items: T[];
  titleOf(item: T): string;
  onReorder(items: T[]): void;
  renderRow(item: T, index: number, parts: SortableRowParts): ReactNode;
  className?: string;
  /** The list's accessible name, when the page has several. */
  label?: string;
}) {
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const nameOf = (id: UniqueIdentifier) => {
    const item = items.find((entry) => entry.id === id);
    return item ? titleOf(item) : "the item";
  };
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
          onDragStart: ({ active }) => `Picked up ${nameOf(active.id)}, position ${positionOf(active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(active.id)} is over position ${positionOf(over.id)} of ${items.length}.` : "",
          onDragEnd: ({ active, over }) =>
            over
              ? `${nameOf(active.id)} dropped at position ${positionOf(over.id)}. The new order is saved.`
              : `${nameOf(active.id)} dropped.`,
          onDragCancel: ({ active }) => `Reordering cancelled; ${nameOf(active.id)} is back in place.`,
        },
      }}
    >
      <SortableContext items={items.map((item) => item.id)} strategy={verticalListSortingStrategy}>
        <ol className={className} aria-label={label}>
          {items.map((item, index) => (
            <SortableRow key={item.id} id={item.id} title={titleOf(item)}>
              {(parts) => renderRow(item, index, parts)}
            </SortableRow>
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  id,
  title,
  children,
}: {
  id: UniqueIdentifier;
  title: string;
  children(parts: SortableRowParts): ReactNode;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id });
  return children({
    rowRef: setNodeRef,
    dragging: isDragging,
    style: { transform: CSS.Translate.toString(transform), transition },
    handle: (
      <button
        type="button"
        ref={setActivatorNodeRef}
        {...attributes}
        {...listeners}
        aria-label={`Drag to reorder “${title}”`}
        className="inline-flex size-9 shrink-0 cursor-grab touch-none items-center justify-center rounded-md text-slate-650 hover:bg-navy-50 active:cursor-grabbing"
      >
        <GripVertical aria-hidden size={18} />
      </button>
    ),
  });
}
