import { describe, test } from "node:test";
import assert from "node:assert/strict";
import { words } from "../../core/grouping/analyze.ts";
import {
  subjectText,
  withoutBuildLog,
  withoutStackFrames,
  withoutTemplate,
  withoutUrls,
  withoutUserAgents,
  withoutVersionsAndIds,
  withShortNames,
} from "../../core/grouping/subject-text.ts";
import { titleIdentifiers, titleOf, titlesAgree } from "../../core/grouping/titles-agree.ts";
import { returnsWithin } from "../support/returns-within.ts";

const squeeze = (text: string) => text.replace(/\s+/g, " ").trim();

describe("the subject text grouping reads", () => {
  test("a user agent is browser detail, never a subject", () => {
    const text = "User Agent: Mozilla/5.0 (X11; Linux x86_64; rv:68.0) Gecko/20100101 Firefox/68.0 SeaMonkey/2.53.11\nTabs flicker";
    assert.equal(squeeze(withoutUserAgents(text)), "User Agent: Tabs flicker");
    assert.equal(squeeze(withoutUserAgents("Sent with Chrome/120.0 Safari/537.36 on a Mac")), "Sent with on a Mac");
  });

  test("a link keeps the words of its host and path, without scheme, query, fragment or ids", () => {
    assert.equal(
      squeeze(withoutUrls("See https://github.com/Azure/azure-storage-java/pull/546?tab=files#x now")),
      "See github Azure azure-storage-java now",
    );
    assert.equal(squeeze(withoutUrls("https://www.reverb.com/ is broken")), "reverb is broken");
  });

  test("stack frames and the stamps and levels of log lines go; the exception stays", () => {
    const trace =
      "Caused by: java.lang.ClassNotFoundException: DataSource\n    at org.apache.Foo.bar(Foo.java:360)\n    at java.base/Loader.load(Unknown Source)";
    assert.equal(squeeze(withoutStackFrames(trace)), "Caused by: java.lang.ClassNotFoundException: DataSource");
    assert.equal(squeeze(withoutStackFrames("2020-01-03 11:02:00,123 ERROR upload failed")), "upload failed");
    assert.equal(squeeze(withoutStackFrames('File "app.py", line 3, in main\nKeyError: user')), "KeyError: user");
  });

  test("the level a build tool starts a log line with goes; the message stays", () => {
    assert.equal(
      squeeze(withoutBuildLog("[INFO] Running org.apache.hadoop.fs.s3a.ITestS3AClosedFS")),
      "Running org.apache.hadoop.fs.s3a.ITestS3AClosedFS",
    );
    assert.equal(squeeze(withoutBuildLog("[WARNING] Rule 1: BanDuplicateClasses failed")), "Rule 1: BanDuplicateClasses failed");
    assert.equal(squeeze(withoutBuildLog("ERROR: Cannot execute hdfs-config.sh.")), "Cannot execute hdfs-config.sh.");
    assert.equal(
      squeeze(withoutBuildLog("WARN org.apache.hadoop.fs.TrashPolicyDefault: Unexpected item in trash")),
      "org.apache.hadoop.fs.TrashPolicyDefault: Unexpected item in trash",
    );
    // Trackers join a log's lines: a bracketed level goes wherever it stands.
    assert.equal(squeeze(withoutBuildLog("[INFO] Running TestA[ERROR] Tests run: 1")), "Running TestA Tests run: 1");
  });

  test("a word that only looks like a level stays", () => {
    assert.equal(withoutBuildLog("Error message when multipart disabled"), "Error message when multipart disabled");
    assert.equal(withoutBuildLog("No INFO: after the first word"), "No INFO: after the first word");
  });

  test("a dependency coordinate keeps only its artifact", () => {
    assert.equal(squeeze(withoutBuildLog("[INFO] +- org.apache.hadoop:hadoop-common:jar:3.3.1:compile")), "+- hadoop-common");
    assert.equal(squeeze(withoutBuildLog("[INFO] |  \\- joda-time:joda-time:jar:2.8.1:provided")), "| \\- joda-time");
    assert.equal(squeeze(withoutBuildLog("[INFO] \\- org.apache.hadoop:hadoop-huaweicloud:jar:3.4.0-SNAPSHOT:compile")), "\\- hadoop-huaweicloud");
    assert.equal(squeeze(withoutBuildLog("+--- com.google.guava:guava:31.1-jre -> 32.0.0-jre (*)")), "+--- guava -> 32.0.0-jre (*)");
  });

  test("a host, a name and a port are no coordinate: they stay", () => {
    assert.equal(withoutBuildLog("cannot reach db:primary:5432 after failover"), "cannot reach db:primary:5432 after failover");
  });

  test("a test run's tallies go; the test's name stays", () => {
    assert.equal(
      squeeze(
        withoutBuildLog(
          "[ERROR] Tests run: 5, Failures: 1, Errors: 0, Skipped: 0, Time elapsed: 670.029 s <<< FAILURE! - in ITestS3ADirectoryPerformance",
        ),
      ),
      "ITestS3ADirectoryPerformance",
    );
    assert.equal(
      squeeze(withoutBuildLog("[ERROR] testRenameRetryFailureAsHTTP404(ITestAzureBlobFileSystemRename)  Time elapsed: 9.133 s  <<< ERROR!")),
      "testRenameRetryFailureAsHTTP404(ITestAzureBlobFileSystemRename)",
    );
    assert.equal(squeeze(withoutBuildLog("12 tests completed, 1 failed, 2 skipped")), "");
  });

  test("two dependency trees of unrelated subjects share no word of their build log", () => {
    const aliyun = "Bump aliyun-sdk-oss\n[INFO] +- com.aliyun.oss:aliyun-sdk-oss:jar:3.13.1:compile\n[INFO] |  +- org.jdom:jdom2:jar:2.0.6:compile";
    const twitter =
      "Move off twitter FuturePool\n[INFO] +- com.twitter:util-core_2.11:jar:21.2.0:compile\n[INFO] |  +- org.scala-lang:scala-library:jar:2.11.12:compile";
    const twitterWords = new Set(words(subjectText(twitter)));
    assert.deepEqual(
      words(subjectText(aliyun)).filter((w) => twitterWords.has(w)),
      [],
    );
  });

  test("a qualified name keeps only its last part", () => {
    assert.equal(withShortNames("in org.apache.hadoop.fs.s3a.S3AFileSystem today"), "in S3AFileSystem today");
  });

  test("versions, build ids, hashes, UUIDs and long numbers go; short numbers stay", () => {
    const text =
      "SeaMonkey 2.53.11b1 build 20230917164801 commit 9f86d081884c on v1.2.3 id 123e4567-e89b-12d3-a456-426614174000 Netty 4.1.45.Final error 404";
    assert.equal(squeeze(withoutVersionsAndIds(text)), "SeaMonkey build commit on id Netty error 404");
  });

  test("the headings and environment lines of a bug template go; what they introduce stays", () => {
    const text =
      "**Steps to reproduce:**\nOpen the menu\n**Operating System**: Windows 10 Pro\nRésultat attendu : le menu s'ouvre\n{code:java}x(){code}\n> **Description**: Menu is empty";
    assert.equal(squeeze(withoutTemplate(text)), "Open the menu le menu s'ouvre x() Menu is empty");
  });

  test("two reports of one subject from two browsers and releases read alike", () => {
    const a =
      "Tabs flicker\nUser Agent: Mozilla/5.0 (Windows NT 10.0; rv:91.0) Gecko/20100101 Firefox/91.0\nSteps to reproduce:\nOpen two tabs in 2.53.17";
    const b =
      "Tabs flicker\nUser Agent: Mozilla/5.0 (X11; Linux x86_64; rv:68.0) Gecko/20100101 Firefox/68.0\nSteps to reproduce:\nOpen two tabs in 2.53.9";
    assert.deepEqual(words(subjectText(a)), words(subjectText(b)));
  });

  // Anyone may send a report, and grouping reads each: a rule that scans to the end of the text from
  // each of many places costs the square of its length, minutes for these texts; in time
  // proportional to it, a fraction of a second.
  test("the subject text of a long report is read in time proportional to its length, whatever repeats in it", async () => {
    const repeats = ["\n", " ", "\n ", "<!--", "{code:", "x/1 (", "a.", "Tests run: 1, "];
    for (const repeated of repeats) {
      const text = `Export fails\n${repeated.repeat(Math.ceil(300_000 / repeated.length))}!`;
      const read = await returnsWithin(new URL("../../core/grouping/subject-text.ts", import.meta.url), "subjectText", [text]);
      assert.equal(squeeze(read as string).slice(0, 12), "Export fails", `repeating ${JSON.stringify(repeated)}`);
    }
  });
});

describe("when two titles name one subject", () => {
  test("a title is a grouping text's first line", () => {
    assert.equal(titleOf("Dark mode\nPlease add a dark theme."), "Dark mode");
    assert.equal(titleOf("Dark mode"), "Dark mode");
  });

  test("a title that adds at most two words to the other agrees with it", () => {
    assert.ok(titlesAgree("Setup pre-commit CI for Windows", "Setup pre-commit CI for Windows 10"));
    assert.ok(titlesAgree("Use spotbugs instead of findbugs", "Use spotbugs-maven-plugin instead of findbugs-maven-plugin"));
    assert.ok(!titlesAgree("Menu is missing", "Design is broken, many items and the menu are missing"));
  });

  test("titles that each say one thing the other does not disagree", () => {
    assert.ok(!titlesAgree("implement non-guava Precondition checkState", "implement non-guava Precondition checkArgument"));
    assert.ok(!titlesAgree("Pictures no longer shown on tumblr", "Pictures no longer shown on IMGUR"));
  });

  test("titles naming other versions, tickets, sites or tags disagree, however alike their words", () => {
    assert.ok(!titlesAgree("Upgrade ant to 1.10.13", "Upgrade ant to 1.10.9"));
    assert.ok(!titlesAgree("Backport HADOOP-18427 to branch-3.3", "Backport HADOOP-17612 to branch-3.3"));
    assert.ok(!titlesAgree("www.kpn.com - Blank page", "www.itprotoday.com - Blank page"));
    assert.ok(!titlesAgree("Handle release package related issues", "[thirdparty] Handle release package related issues"));
    assert.ok(!titlesAgree("SeaMonkey link failure with system icu 76.1", "SeaMonkey link failure with system icu"));
    assert.ok(titlesAgree("Upgrade kafka to 3.4.0", "Upgrade Kafka to 3.4"));
  });

  test("identifiers of a title: versions without their trailing zeros, long numbers, hosts without www, tags", () => {
    assert.deepEqual([...titleIdentifiers("[macOS] Update www.Example.com to 3.4.0 for 20230917")].sort(), [
      "hexample.com",
      "n20230917",
      "tmacos",
      "v3.4",
    ]);
  });
});
