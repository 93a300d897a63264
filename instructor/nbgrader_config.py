"""nbgrader configuration of the genlearn course (run nbgrader from this folder).

    cd instructor
    nbgrader generate_assignment hw1_gda --force       # release/hw1_gda/hw1_gda.ipynb
    nbgrader collect hw1_gda                            # or copy to submitted/<student>/hw1_gda/
    GENLEARN_DATA=/path/to/sms_spam nbgrader autograde hw2_naive_bayes_spam
    nbgrader export                                     # grades.csv: one column per task

See docs/grading.md for the whole procedure.
"""
import os
import sys

_HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, _HERE)          # task_export.py, the per-task export plugin

c = get_config()  # noqa: F821 - provided by nbgrader when it reads this file

c.CourseDirectory.root = _HERE
c.CourseDirectory.course_id = "genlearn"

# A test cell scores 0 if it writes anything to stderr. Warnings (a FutureWarning from a library, a
# RuntimeWarning from numpy) must not zero a correct answer: drop every stderr stream before grading.
# Errors are outputs of type "error", not stderr streams, so failures still score 0.
c.IgnorePattern.pattern = r"[\s\S]"

# A student's plain-Python loops (over 4,459 messages, or over every word of the vocabulary) may take seconds
# where numpy takes milliseconds: allow 120 s per cell (the solutions need about 3 s of CPU for a whole
# notebook, kernel start included). A cell that times out scores 0 and the notebook goes on.
c.Execute.timeout = 120
c.Execute.interrupt_on_timeout = True

# A student who deletes a test cell gets it back at grading time (nbgrader says so in the feedback).
c.OverwriteCells.add_missing_cells = True

# Student versions: solutions become stubs, hidden tests disappear, test and set-up cells are locked.
c.ClearSolutions.code_stub = {"python": "# YOUR CODE HERE\nraise NotImplementedError()"}
c.ClearSolutions.text_stub = "YOUR ANSWER HERE"
c.LockCells.lock_grade_cells = True
c.LockCells.lock_readonly_cells = True

# `nbgrader export` writes one column per graded cell (task) besides the totals.
c.ExportApp.plugin_class = "task_export.TaskExportPlugin"
