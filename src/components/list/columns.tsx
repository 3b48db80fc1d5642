import type { BaseRecord } from "@refinedev/core";
import { Badge, Space } from "antd";
import type { ReactNode } from "react";
import { PlainTag } from "@/components/controls/plain-tag/plain-tag";
import { DateTimeText } from "./date-time-text";

/**
 * Column factories, written once. A column spec says which field it shows, its title
 * and how a value renders; ResourceList turns specs into antd columns (sorting comes
 * from the resource's `sortable` fields) and the detail views reuse the same specs
 * as description items.
 */

export interface ColumnSpec<T> {
  /** The record field; also the key the list orders by. */
  key: string;
  title: string;
  /** The field to order by when it differs from `key`. */
  sortKey?: string;
  render: (record: T) => ReactNode;
  /** Stays at the table's left edge when it scrolls sideways (the record's name, a first column). */
  pinned?: boolean;
}

type FieldOf<T> = Extract<keyof T, string>;

const EMPTY = "—";

function isBlank(value: unknown): boolean {
  return value === null || value === undefined || value === "";
}

/** `notStarted` -> `Not started`, `sub-company` -> `Sub company`. */
export function humanize(value: string): string {
  const words = value
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .replace(/[-_]+/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export function textColumn<T extends BaseRecord>(
  field: FieldOf<T>,
  title: string,
  options: { render?: (record: T) => ReactNode; sortKey?: string } = {},
): ColumnSpec<T> {
  return {
    key: field,
    title,
    ...(options.sortKey ? { sortKey: options.sortKey } : {}),
    render:
      options.render ??
      ((record) => {
        const value = record[field];
        return isBlank(value) ? EMPTY : String(value);
      }),
  };
}

export function dateColumn<T extends BaseRecord>(
  field: FieldOf<T>,
  title: string,
  options: { time?: boolean } = {},
): ColumnSpec<T> {
  // A component, so every list shows instants in the zone of the user's preferences.
  return {
    key: field,
    title,
    render: (record) => {
      const value = record[field] as string | null | undefined;
      return isBlank(value) ? EMPTY : <DateTimeText value={value as string} time={options.time !== false} />;
    },
  };
}

type BadgeStatus = "success" | "processing" | "default" | "error" | "warning";

export interface BooleanColumnOptions {
  trueLabel?: string;
  falseLabel?: string;
  trueStatus?: BadgeStatus;
  falseStatus?: BadgeStatus;
}

export function booleanColumn<T extends BaseRecord>(
  field: FieldOf<T>,
  title: string,
  { trueLabel = "Yes", falseLabel = "No", trueStatus = "success", falseStatus = "default" }: BooleanColumnOptions = {},
): ColumnSpec<T> {
  return {
    key: field,
    title,
    render: (record) => {
      const value = record[field];
      if (typeof value !== "boolean") return EMPTY;
      return <Badge status={value ? trueStatus : falseStatus} text={value ? trueLabel : falseLabel} />;
    },
  };
}

export interface EnumColumnOptions {
  labels?: Readonly<Record<string, string>>;
  /** antd Tag colours (preset names such as `blue`, `green`) per value. */
  colors?: Readonly<Record<string, string>>;
}

/** An enum value as a tag; an array (a user's roles) as one tag per item. */
export function enumColumn<T extends BaseRecord>(
  field: FieldOf<T>,
  title: string,
  { labels = {}, colors = {} }: EnumColumnOptions = {},
): ColumnSpec<T> {
  const tag = (value: string) => (
    <PlainTag key={value} color={colors[value]}>
      {labels[value] ?? humanize(value)}
    </PlainTag>
  );
  return {
    key: field,
    title,
    render: (record) => {
      const value = record[field];
      if (Array.isArray(value))
        return value.length ? (
          <Space size={[0, 4]} wrap>
            {value.map(String).map(tag)}
          </Space>
        ) : (
          EMPTY
        );
      return isBlank(value) ? EMPTY : tag(String(value));
    },
  };
}
