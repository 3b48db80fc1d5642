import type { FastifyPluginAsync } from "fastify";
import { idParams } from "../../core/api/id-params";
import { listQuerystring } from "../../core/api/list-query";
import { pagedResponse } from "../../core/api/paged-response";
import {
  batchDetail,
  batchParams,
  type ProductChanges,
  type ProductInput,
  productChanges,
  productDetail,
  productInput,
  productListItem,
} from "../../core/api/product";
import { listResource } from "../../core/domain/resources";
import { storageRangeError } from "../../core/domain/stability-budget";
import { recordAudit } from "../audit";
import type { Principal } from "../auth/principal";
import type { Db } from "../db/index";
import { findProduct, productByCode, productListColumns, productListRows } from "../db/products";
import { isUniqueViolation } from "../db/unique-violation";
import { badRequest, notFound } from "../errors";
import type { TypedRequests } from "../http/type-provider";
import { parseResourceQuery } from "../lists/parse";
import { runList } from "../lists/run-list";
import { productBatchUse } from "../products/batch-use";
import { dataErrors } from "./schemas";

const resource = listResource("products");

const productNotFound = () => notFound("Product not found");
const batchNotFound = () => notFound("Batch not found");

const CODE_INDEX = "products_company_code";

const codeTaken = (code: string) => {
  const error = `Another product of the company already has the code ${code.trim()}`;
  return badRequest(error, [{ id: "code", error }]);
};

const trimmed = <T extends ProductInput | ProductChanges>(body: T): T =>
  Object.fromEntries(
    Object.entries(body).map(([key, value]) => [key, typeof value === "string" ? value.trim() : value]),
  ) as T;

/** The product with its batches' use of its budget. */
async function productDetailOf(db: Db, companyScope: string[], id: string) {
  const product = await findProduct(db, companyScope, id);
  if (!product) return undefined;
  const batches = await productBatchUse(db, product);
  return {
    ...product,
    batches: batches.map((b) => ({
      batch: b.batch,
      shipmentCount: b.shipments.length,
      budget: { above: b.above, below: b.below },
      exhausted: b.exhausted,
    })),
  };
}

/** Writes the product; a taken code is a 400 naming `code`, a range upside down one naming `storageMax`. */
async function saveProduct(
  db: Db,
  principal: Principal,
  existing: { id: string; companyId: string } | null,
  body: ProductInput | ProductChanges,
) {
  const columns = trimmed(body);
  const companyId = existing?.companyId ?? principal.companyId;
  try {
    return await db.transaction().execute(async (trx) => {
      if (columns.code !== undefined) {
        const holder = await productByCode(trx, companyId, columns.code);
        if (holder && holder.id !== existing?.id) throw codeTaken(columns.code);
      }
      if (existing) {
        const before = await trx
          .selectFrom("products")
          .selectAll()
          .where("id", "=", existing.id)
          .forUpdate()
          .executeTakeFirstOrThrow();
        const rangeError = storageRangeError({ ...before, ...columns });
        if (rangeError) throw badRequest(rangeError, [{ id: "storageMax", error: rangeError }]);
        const changed = (Object.keys(columns) as (keyof ProductChanges)[]).filter(
          (key) => before[key] !== columns[key],
        );
        if (changed.length === 0) return existing.id;
        await trx
          .updateTable("products")
          .set({ ...columns, updated: new Date() })
          .where("id", "=", existing.id)
          .execute();
        // The range and the budgets decide whether a shipment is critical: who changed them is on record.
        await recordAudit(trx, principal, {
          action: "update",
          entity: "product",
          entityId: existing.id,
          before: Object.fromEntries(changed.map((key) => [key, before[key]])),
          after: Object.fromEntries(changed.map((key) => [key, columns[key]])),
        });
        return existing.id;
      }
      const input = columns as ProductInput;
      const rangeError = storageRangeError(input);
      if (rangeError) throw badRequest(rangeError, [{ id: "storageMax", error: rangeError }]);
      const created = await trx
        .insertInto("products")
        .values({ ...input, companyId })
        .returning("id")
        .executeTakeFirstOrThrow();
      await recordAudit(trx, principal, {
        action: "create",
        entity: "product",
        entityId: created.id,
        before: null,
        after: input,
      });
      return created.id;
    });
  } catch (e) {
    // Two products given one code at the same moment: the index decides.
    if (isUniqueViolation(e, CODE_INDEX)) throw codeTaken(columns.code ?? "");
    throw e;
  }
}

/**
 * Products and their stability budgets (docs/api.md, Products and stability budgets).
 * Reading needs the right to read reports (a budget is part of a shipment's verdict; a
 * distributor's list spans its sub-companies); creating and changing one, the right to
 * create and change label presets: like a preset, a product's range and budgets are the
 * rules reports are judged by.
 */
export const productRoutes: FastifyPluginAsync = async (plugin) => {
  const app = plugin.withTypeProvider<TypedRequests>();
  const { db } = plugin;

  const detail = async (companyScope: string[], id: string) => {
    const product = await productDetailOf(db, companyScope, id);
    if (!product) throw productNotFound();
    return product;
  };

  app.get(
    "/products",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["products"],
        summary:
          "The products of the caller's companies (a distributor's span its sub-companies): filter by name, code, storage range, budgets, companyId; search the name; by name by default",
        querystring: listQuerystring,
        response: { 200: pagedResponse(productListItem), 416: dataErrors[400], ...dataErrors },
      },
    },
    async (request) =>
      runList(db, (qb) => productListRows(qb, request.principal.companyScope), {
        resource,
        columns: productListColumns,
        query: parseResourceQuery(resource, request.query),
      }),
  );

  app.get(
    "/products/:id",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["products"],
        summary:
          "One product with its batches and each batch's use of its stability budget, computed from the readings",
        params: idParams,
        response: { 200: productDetail, ...dataErrors },
      },
    },
    async (request) => detail(request.principal.companyScope, request.params.id),
  );

  app.get(
    "/products/:id/batches/:batch",
    {
      config: { permission: ["read", "labelReport"] },
      schema: {
        tags: ["products"],
        summary:
          "One batch of a product: its budget used and left per side, whether it is exhausted, and what each of its shipments used (the longest of its labels per side)",
        params: batchParams,
        response: { 200: batchDetail, ...dataErrors },
      },
    },
    async (request) => {
      const product = await findProduct(db, request.principal.companyScope, request.params.id);
      if (!product) throw productNotFound();
      const [use] = await productBatchUse(db, product, request.params.batch);
      if (!use) throw batchNotFound();
      return {
        product,
        batch: use.batch,
        budget: { above: use.above, below: use.below },
        exhausted: use.exhausted,
        shipments: use.shipments.map(({ batch: _batch, ...shipment }) => shipment),
      };
    },
  );

  app.post(
    "/products",
    {
      config: { permission: ["create", "labelPreset"] },
      schema: {
        tags: ["products"],
        summary: "Create a product of the caller's company (the code is unique in it, whatever the case)",
        body: productInput,
        response: { 201: productDetail, ...dataErrors },
      },
    },
    async (request, reply) => {
      const id = await saveProduct(db, request.principal, null, request.body);
      return reply.code(201).send(await detail(request.principal.companyScope, id));
    },
  );

  app.patch(
    "/products/:id",
    {
      config: { permission: ["update", "labelPreset"] },
      schema: {
        tags: ["products"],
        summary: "Change a product's name, code, storage range or budgets; the trail records old and new",
        params: idParams,
        body: productChanges,
        response: { 200: productDetail, ...dataErrors },
      },
    },
    async (request) => {
      const { companyScope } = request.principal;
      const existing = await findProduct(db, companyScope, request.params.id);
      if (!existing) throw productNotFound();
      await saveProduct(db, request.principal, existing, request.body);
      return detail(companyScope, existing.id);
    },
  );
};
