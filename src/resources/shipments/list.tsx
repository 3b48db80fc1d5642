import { PlusOutlined } from "@ant-design/icons";
import type { ShipmentListItem } from "@core/api/shipment";
import { SHIPMENT_TRANSPORT_MODE_TEXT, SHIPMENT_TRANSPORT_MODES } from "@core/domain/shipments";
import { Button } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ChoiceFilter } from "@/components/list/filter-selects";
import { ResourceList } from "@/components/list/resource-list";
import { TextFilter } from "@/components/list/text-filter";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { shipmentColumns } from "./columns";
import { ShipmentFormDialog } from "./shipment-form";

const MODE_OPTIONS = SHIPMENT_TRANSPORT_MODES.map((value) => ({ value, label: SHIPMENT_TRANSPORT_MODE_TEXT[value] }));

/**
 * The shipments: searched by reference, filtered by origin, destination, carrier (text
 * they contain) and transport mode, all in the URL; a new one in a dialog.
 */
export function ShipmentList() {
  const can = useAccess();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList<ShipmentListItem>
        resource={RESOURCE.shipments}
        columns={shipmentColumns}
        recordLink={(shipment) => `/shipments/${encodeURIComponent(shipment.id)}`}
        searchPlaceholder="Search by reference"
        actions={
          <>
            <TextFilter resource="shipments" filterKey="origin" label="Filter by origin" placeholder="Origin" />
            <TextFilter
              resource="shipments"
              filterKey="destination"
              label="Filter by destination"
              placeholder="Destination"
            />
            <TextFilter resource="shipments" filterKey="carrier" label="Filter by carrier" placeholder="Carrier" />
            <ChoiceFilter
              resource="shipments"
              filterKey="transportMode"
              options={MODE_OPTIONS}
              label="Filter by transport mode"
              placeholder="Any mode"
            />
            {can({ action: "update", subject: "labelReport" }) ? (
              <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
                New shipment
              </Button>
            ) : null}
          </>
        }
      />
      <ShipmentFormDialog
        shipment={null}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          navigate(`/shipments/${encodeURIComponent(saved.id)}`);
        }}
      />
    </>
  );
}
