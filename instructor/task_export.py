"""``nbgrader export`` with one column per task (graded cell), besides the totals.

nbgrader's own CSV export gives one total per student and assignment. This
plugin (selected in ``nbgrader_config.py``) writes one row per student and
assignment with the same totals and, for every graded cell, its score:
``hw1-task1-test`` is Task 1 of homework 1. A task that still waits for a
manual grade is written as an empty cell, so a missing grade is never read as 0.
"""
import csv

from nbgrader.api import MissingEntry
from nbgrader.plugins import ExportPlugin

FIXED = ["assignment", "student_id", "timestamp", "raw_score", "late_submission_penalty", "score",
         "max_score", "needs_manual_grade"]


class TaskExportPlugin(ExportPlugin):
    """CSV export: totals and the score of every graded cell."""

    def export(self, gradebook):
        dest = self.to or "grades.csv"
        rows, task_columns = [], []
        for assignment in gradebook.assignments:
            if self.assignment and assignment.name not in self.assignment:
                continue
            cells = [c.name for nb in assignment.notebooks for c in nb.grade_cells]
            task_columns += [c for c in cells if c not in task_columns]
            for student in gradebook.students:
                if self.student and student.id not in self.student:
                    continue
                row = {"assignment": assignment.name, "student_id": student.id,
                       "max_score": assignment.max_score}
                try:
                    sub = gradebook.find_submission(assignment.name, student.id)
                except MissingEntry:
                    row.update(timestamp="", raw_score=0.0, late_submission_penalty=0.0, score=0.0,
                               needs_manual_grade=False)
                    row.update({c: 0.0 for c in cells})
                else:
                    penalty = sub.late_submission_penalty or 0.0
                    row.update(timestamp=sub.timestamp, raw_score=sub.score, late_submission_penalty=penalty,
                               score=max(0.0, sub.score - penalty), needs_manual_grade=sub.needs_manual_grade)
                    for nb in sub.notebooks:
                        for grade in nb.grades:
                            pending = grade.needs_manual_grade and grade.manual_score is None
                            row[grade.name] = "" if pending else grade.score
                rows.append(row)
        self.log.info("Exporting grades, one column per task, to %s", dest)
        with open(dest, "w", newline="", encoding="utf-8") as fh:
            writer = csv.DictWriter(fh, fieldnames=FIXED + task_columns, restval="")
            writer.writeheader()
            writer.writerows(rows)
