import { InfoCircleOutlined } from "@ant-design/icons";
import { Button, Typography } from "antd";
import { useState } from "react";
import { Avatar } from "@/components/controls/avatar/avatar";
import { Carousel } from "@/components/controls/carousel/carousel";
import { DataTabs } from "@/components/controls/data-tabs/data-tabs";
import { DEFAULT_DATA_TABS } from "@/components/controls/data-tabs/data-tabs-state";
import { Popover } from "@/components/controls/popover/popover";
import { buildSteps } from "@/components/controls/progress-bar/progress-steps";
import { SteppedProgressBar } from "@/components/controls/progress-bar/stepped-progress-bar";
import { SummaryCard } from "@/components/controls/summary-card/summary-card";
import { summaryCardsFromReport } from "@/components/controls/summary-card/summary-card-state";
import { Tooltip } from "@/components/controls/tooltip/tooltip";
import { COUNTRY_ICON_NAMES, CountryIcon } from "@/components/icons/country-icons";
import { MEASUREMENT_ICON_NAMES, MeasurementIcon } from "@/components/icons/measurement-icons";
import { PAYMENT_BRAND_LABELS, PAYMENT_BRAND_NAMES, PaymentBrandIcon } from "@/components/icons/payment-icons";
import { DemoSection, Example } from "./demo-section";
import { SAMPLE_SUMMARY } from "./sample-summary";
import styles from "./ui-kit-page.module.css";

const STEPS = ["Label", "Thresholds", "Alarms", "Review"];
const PEOPLE = [
  "Ada Lovelace",
  "Grace Hopper",
  "Katherine Johnson",
  "Radia Perlman",
  "Vint Cerf",
  "Ørsted Labs",
  "42 Robotics",
];

export function SummaryCardDemo() {
  const cards = summaryCardsFromReport(SAMPLE_SUMMARY);
  return (
    <DemoSection title="Summary cards" wide>
      <div className={styles.cards}>
        {cards.map((card) => (
          <SummaryCard key={card.unit} {...card} />
        ))}
      </div>
      <Example caption="In a carousel (drag to scroll)">
        <Carousel aria-label="Summary">
          {[...cards, ...cards].map((card, i) => (
            <SummaryCard key={`${card.unit}-${String(i)}`} {...card} />
          ))}
        </Carousel>
      </Example>
    </DemoSection>
  );
}

export function NavigationDemo() {
  const [current, setCurrent] = useState(1);
  const [tab, setTab] = useState("temperature");
  return (
    <DemoSection title="Progress bar and data tabs">
      <Example caption={`Step ${current + 1} of ${STEPS.length}`}>
        <SteppedProgressBar steps={buildSteps(STEPS, current)} onNavigate={setCurrent} aria-label="Preset steps" />
      </Example>
      <Example caption="Data tabs">
        <DataTabs activeKey={tab} onChange={setTab}>
          {(t) => <Typography.Text>{`${t.label} chart goes here.`}</Typography.Text>}
        </DataTabs>
      </Example>
      <Example caption="One tab: no bar">
        <DataTabs tabs={DEFAULT_DATA_TABS.slice(0, 1)}>
          {(t) => <Typography.Text>{`Only ${t.label.toLowerCase()} is measured.`}</Typography.Text>}
        </DataTabs>
      </Example>
    </DemoSection>
  );
}

export function OverlayDemo() {
  return (
    <DemoSection title="Avatar, tooltip and popover">
      <Example caption="Avatar colours by letter group">
        <div className={styles.row}>
          {PEOPLE.map((name) => (
            <Avatar key={name} name={name} />
          ))}
        </div>
      </Example>
      <div className={styles.row}>
        <Tooltip title="Mean kinetic temperature over the whole shipment">
          <Button icon={<InfoCircleOutlined />}>Tooltip</Button>
        </Tooltip>
        <Popover title="Alarm delay" content={<span>An excursion raises an alarm only after lasting this long.</span>}>
          <Button>Popover</Button>
        </Popover>
      </div>
    </DemoSection>
  );
}

export function IconDemo() {
  return (
    <DemoSection title="Icons" wide>
      <div className={styles.icons}>
        {MEASUREMENT_ICON_NAMES.map((name) => (
          <span key={name} className={styles.iconCell}>
            <MeasurementIcon name={name} title={name} size={24} />
            <span>{name}</span>
          </span>
        ))}
      </div>
      <div className={styles.icons}>
        {MEASUREMENT_ICON_NAMES.slice(0, 5).map((name) => (
          <span key={name} className={styles.iconCell}>
            <MeasurementIcon name={name} title={`${name} (filled)`} size={24} filled />
            <span>filled</span>
          </span>
        ))}
      </div>
      <div className={styles.icons}>
        {COUNTRY_ICON_NAMES.map((name) => (
          <span key={name} className={styles.iconCell}>
            <CountryIcon name={name} size={20} />
            <span>{name}</span>
          </span>
        ))}
      </div>
      <div className={styles.icons}>
        {PAYMENT_BRAND_NAMES.map((name) => (
          <span key={name} className={styles.iconCell}>
            <PaymentBrandIcon name={name} size={24} />
            <span>{PAYMENT_BRAND_LABELS[name]}</span>
          </span>
        ))}
      </div>
    </DemoSection>
  );
}
