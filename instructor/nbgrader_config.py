"""nbgrader configuration of the genlearn course (run nbgrader from this folder).

    cd instructor
    nbgrader generate_assignment hw1_gda --force       # release/hw1_gda/hw1_gda.ipynb
    nbgrader collect hw1_gda                            # or copy to submitted/<student>/hw1_gda/
    GENLEARN_DATA=/path/to/sms_spam nbgrader autograde hw2_naive_bayes_spam
    nbgrader export                                     # grades.csv: one column per task

Autograding runs each submission's code in a sandbox (bubblewrap, and a throwaway user when run as
root) and the hidden tests of grading.py outside it: see docs/grading.md.
"""
import os
import sys

from nbconvert.preprocessors import ClearMetadataPreprocessor
from nbgrader.preprocessors import (AssignLatePenalties, CheckCellMetadata, ClearOutput, DeduplicateIds, IgnorePattern,
                                    LimitOutput, OverwriteCells, OverwriteKernelspec, SaveAutoGrades)

from genlearn.course.autograde import DuplicateCells, SandboxGrade

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)          # task_export.py, the per-task export plugin

c = get_config()  # noqa: F821 - provided by nbgrader when it reads this file

c.CourseDirectory.root = _HERE
c.CourseDirectory.course_id = "genlearn"

# nbgrader's Execute (the notebook and its hidden tests in one kernel, in this folder, as this user) is
# replaced by SandboxGrade: the student's code runs in a sandbox, the hidden tests here, on its results as data.
c.Autograde.autograde_preprocessors = [SandboxGrade, IgnorePattern, ClearMetadataPreprocessor, LimitOutput,
                                       SaveAutoGrades, AssignLatePenalties, CheckCellMetadata]

# The hidden tests, from this fixed path, used only if the file has this sha256. After editing grading.py, put
# its new digest here: python -c "from genlearn.course.autograde import sha256_of; print(sha256_of('grading.py'))"
c.SandboxGrade.grading_file = os.path.join(_HERE, "grading.py")
c.SandboxGrade.grading_sha256 = "e81fdc90dcb2770309b13c29de08d09dda45858143fa29632d74df3b0487e415"

# A student's plain-Python loops (over 4,459 messages, or over every word of the vocabulary) may take seconds
# where numpy takes milliseconds: 120 s for each cell and each call of a student's function. Past it, that
# task (or cell) is dropped and the others are graded; the report in reports/<assignment>/ says so.
c.SandboxGrade.timeout = 120
c.SandboxGrade.cpu_seconds = 600
c.SandboxGrade.memory_bytes = 4 * 2**30

# nbgrader scores a test cell 0 if it writes anything to stderr. The sandbox writes only its verdict into graded
# cells, but a warning (a FutureWarning from a library, a RuntimeWarning from numpy) must never zero a correct
# answer, whatever runs the cells: drop every stderr stream before grading. Errors are outputs of type "error",
# not stderr streams, so failures still score 0. (IgnorePattern does nothing unless enabled.)
c.IgnorePattern.enabled = True
c.IgnorePattern.pattern = r"[\s\S]"

# A student who deletes a test cell gets it back at grading time (nbgrader says so in the feedback); a test cell
# pasted twice keeps one copy (DuplicateCells, before nbgrader's DeduplicateIds, which would make the whole
# submission fail). Either task is NOT GRADED, with the reason in the feedback and reports/<assignment>/summary.md.
c.OverwriteCells.add_missing_cells = True
c.Autograde.sanitize_preprocessors = [ClearOutput, DuplicateCells, DeduplicateIds, OverwriteKernelspec, OverwriteCells,
                                      CheckCellMetadata]

# Student versions: solutions become stubs, test and set-up cells are locked.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.LockCells.lock_grade_cells = True
c.LockCells.lock_readonly_cells = True

# `nbgrader export` writes one column per graded cell (task) besides the totals.
c.ExportApp.plugin_class = "task_export.TaskExportPlugin"
