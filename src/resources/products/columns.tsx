import type { ProductListItem } from "@core/api/product";
import { budgetHoursText } from "@core/domain/stability-budget";
import type { ColumnSpec } from "@/components/list/columns";

/** The product list: name, code, storage range, budgets and how many shipments carry it. */
export const productColumns: ColumnSpec<ProductListItem>[] = [
  { key: "name", title: "Name", render: (product) => <strong>{product.name}</strong> },
  { key: "code", title: "Code", render: (product) => product.code },
  {
    key: "storageMin",
    title: "Storage range",
    render: (product) => `${product.storageMin}–${product.storageMax} °C`,
  },
  {
    key: "budgetAboveMinutes",
    title: "Budget above",
    render: (product) => budgetHoursText(product.budgetAboveMinutes),
  },
  {
    key: "budgetBelowMinutes",
    title: "Budget below",
    render: (product) => budgetHoursText(product.budgetBelowMinutes),
  },
  { key: "shipmentCount", title: "Shipments", render: (product) => product.shipmentCount },
];
