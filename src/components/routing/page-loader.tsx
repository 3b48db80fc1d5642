import { Flex, Spin } from "antd";

/** Shown while a lazily loaded page arrives. */
export function PageLoader() {
  return (
    <Flex justify="center" align="center" flex={1}>
      <Spin size="large" aria-label="Loading" />
    </Flex>
  );
}
