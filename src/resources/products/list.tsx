import { PlusOutlined } from "@ant-design/icons";
import type { ProductListItem } from "@core/api/product";
import { Button } from "antd";
import { useState } from "react";
import { useNavigate } from "react-router";
import { ResourceList } from "@/components/list/resource-list";
import { useAccess } from "@/hooks/use-access";
import { RESOURCE } from "@/resources/names";
import { productColumns } from "./columns";
import { ProductFormDialog } from "./product-form";

/** The products: searched by name, in the URL; a new one in a dialog. */
export function ProductList() {
  const can = useAccess();
  const navigate = useNavigate();
  const [creating, setCreating] = useState(false);
  return (
    <>
      <ResourceList<ProductListItem>
        resource={RESOURCE.products}
        columns={productColumns}
        recordLink={(product) => `/products/${encodeURIComponent(product.id)}`}
        searchPlaceholder="Search by name"
        actions={
          can({ action: "create", subject: "labelPreset" }) ? (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
              New product
            </Button>
          ) : null
        }
      />
      <ProductFormDialog
        product={null}
        open={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => {
          setCreating(false);
          navigate(`/products/${encodeURIComponent(saved.id)}`);
        }}
      />
    </>
  );
}
