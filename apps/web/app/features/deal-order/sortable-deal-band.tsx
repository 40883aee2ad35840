import SortableList from "../../components/ui/sortable-list";
import { DealRow, type OrderedDeal } from "./deal-row";

/** A band of deals with drag handles (loaded on demand: dnd-kit is only needed once the page is interactive). */
export default function SortableDealBand({
  deals,
  offset,
  version,
  label,
  listClass,
  onReorder,
}: {
  deals: OrderedDeal[];
  /** How many deals come before this band on the public list. */
  offset: number;
  version: string;
  label: string;
  listClass: string;
  onReorder(deals: OrderedDeal[]): void;
}) {
  return (
    <SortableList
      items={deals}
      titleOf={(deal) => deal.Header}
      onReorder={onReorder}
      className={listClass}
      label={label}
      renderRow={(deal, index, parts) => (
        <DealRow
          deal={deal}
          position={offset + index + 1}
          first={index === 0}
          last={index === deals.length - 1}
          version={version}
          parts={parts}
        />
      )}
    />
  );
}
