import { configure } from "@testing-library/react";

// waitFor and findBy* wait for what a user would see; their 1 s default reports a busy
// 2-core machine (CI beside other work) as a broken rule. A rule that never holds still
// fails, only later.
configure({ asyncUtilTimeout: 10_000 });
