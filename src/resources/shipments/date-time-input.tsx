import { Flex, TimePicker } from "antd";
import dayjs from "dayjs";
import { DatePicker } from "@/components/controls/date-picker";

/**
 * A date and a time under a form item, for the shipment's planned departure and arrival:
 * the controls' date picker (the interface's date format, weeks from Monday) beside a time
 * of day (12-hour, as the US writes it). The value is an ISO instant (the browser's zone
 * decides the day and hour); a time without a date is nothing, a date without a time is
 * its midnight.
 */
export function DateTimeInput(props: {
  id?: string;
  "aria-label": string;
  value?: string | null;
  onChange?: (value: string | null) => void;
}) {
  const value = props.value ? dayjs(props.value) : null;
  const change = (day: dayjs.Dayjs | null, time: dayjs.Dayjs | null) => {
    if (!day) return props.onChange?.(null);
    const at = day
      .startOf("day")
      .hour(time?.hour() ?? 0)
      .minute(time?.minute() ?? 0);
    props.onChange?.(at.toISOString());
  };
  return (
    <Flex gap="small">
      <DatePicker
        id={props.id}
        aria-label={`${props["aria-label"]}, date`}
        value={value ? value.toDate() : null}
        onChange={(date) => change(date ? dayjs(date) : null, value)}
      />
      <TimePicker
        aria-label={`${props["aria-label"]}, time`}
        format="h:mm A"
        use12Hours
        minuteStep={5}
        needConfirm={false}
        disabled={!value}
        value={value}
        onChange={(time) => change(value, time)}
      />
    </Flex>
  );
}
