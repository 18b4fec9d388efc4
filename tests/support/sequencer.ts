import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Vitest's order (longest or largest files first, a project's files together, projects by name) with one change: the
 * `integration-alone` file, which runs the ALONE files one after the other for about a minute, starts first. By name it
 * came after every e2e file and ran at the end of its group with a core idle; first, it runs beside them.
 */
export class AloneFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const alone = (file: TestSpecification) => file.project.name === "integration-alone";
    return [...sorted.filter(alone), ...sorted.filter((file) => !alone(file))];
  }
}
