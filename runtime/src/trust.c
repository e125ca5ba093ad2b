/* Which checkpoints recovery may load (see trust.h). */
#include "trust.h"

#include "file_modes.h"

#include <errno.h>
#include <pwd.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

/* "uid 65534 (nobody)"; the name only when the password database has it. */
static void describe_user(uid_t uid, char *out, size_t outlen)
{
    struct passwd pw, *found = NULL;
    char buf[1024];
    if (getpwuid_r(uid, &pw, buf, sizeof buf, &found) == 0 && found)
        snprintf(out, outlen, "uid %u (%s)", (unsigned)uid, found->pw_name);
    else
        snprintf(out, outlen, "uid %u", (unsigned)uid);
}

int ckpt_trust_path(const char *path, char *err, size_t errlen)
{
    struct stat st;
    if (stat(path, &st) != 0) {
        if (errno == ENOENT)
            return 0; /* nothing there to load */
        snprintf(err, errlen, "%s: cannot check who owns it: %s", path, strerror(errno));
        return -1;
    }
    uid_t me = geteuid();
    if (st.st_uid != me) {
        char owner[128], you[128];
        describe_user(st.st_uid, owner, sizeof owner);
        describe_user(me, you, sizeof you);
        snprintf(err, errlen,
                 "%s is owned by %s, not by the user running this program (%s): whoever "
                 "owns it could make this program run code of their choosing",
                 path, owner, you);
        return -1;
    }
    mode_t unwanted = st.st_mode & 022 & ~ckpt_dir_mode();
    if (unwanted) {
        snprintf(err, errlen,
                 "%s is writable by %s (mode %04o): anyone who can write it could make "
                 "this program run code of their choosing; 'chmod go-w %s', or set "
                 "CKPT_DIR_MODE if that is on purpose",
                 path, unwanted == 022 ? "its group and others" : unwanted & 020 ? "its group" : "others",
                 (unsigned)(st.st_mode & 07777), path);
        return -1;
    }
    return 0;
}
