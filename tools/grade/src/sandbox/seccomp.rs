//! The system-call filter of a sandboxed process (`seccompiler`): everything is allowed but
//! the calls that could leave the sandbox or reach other processes. Sockets other than Unix
//! ones, tracing and reading other processes' memory, mounting and changing namespaces,
//! kernel keys, BPF, perf, io_uring (whose operations no filter sees), modules, reboot and
//! clocks fail with `EPERM`; `clone3`, whose flags a filter cannot read, fails with `ENOSYS`
//! so that the C library falls back to `clone`, whose namespace flags are refused.

use std::collections::BTreeMap;

use seccompiler::{
    BpfProgram, SeccompAction, SeccompCmpArgLen, SeccompCmpOp, SeccompCondition, SeccompFilter,
    SeccompRule, TargetArch,
};

/// The calls refused whatever their arguments.
const REFUSED: &[libc::c_long] = &[
    libc::SYS_ptrace,
    libc::SYS_process_vm_readv,
    libc::SYS_process_vm_writev,
    libc::SYS_pidfd_getfd,
    libc::SYS_kcmp,
    libc::SYS_mount,
    libc::SYS_umount2,
    libc::SYS_pivot_root,
    libc::SYS_chroot,
    libc::SYS_unshare,
    libc::SYS_setns,
    libc::SYS_fsopen,
    libc::SYS_fsconfig,
    libc::SYS_fsmount,
    libc::SYS_fspick,
    libc::SYS_move_mount,
    libc::SYS_open_tree,
    libc::SYS_mount_setattr,
    libc::SYS_open_by_handle_at,
    libc::SYS_name_to_handle_at,
    libc::SYS_bpf,
    libc::SYS_perf_event_open,
    libc::SYS_userfaultfd,
    libc::SYS_keyctl,
    libc::SYS_add_key,
    libc::SYS_request_key,
    libc::SYS_io_uring_setup,
    libc::SYS_io_uring_enter,
    libc::SYS_io_uring_register,
    libc::SYS_kexec_load,
    libc::SYS_init_module,
    libc::SYS_finit_module,
    libc::SYS_delete_module,
    libc::SYS_reboot,
    libc::SYS_swapon,
    libc::SYS_swapoff,
    libc::SYS_syslog,
    libc::SYS_acct,
    libc::SYS_quotactl,
    libc::SYS_settimeofday,
    libc::SYS_clock_settime,
    libc::SYS_clock_adjtime,
    libc::SYS_adjtimex,
];

/// The flags of `clone` that make a namespace.
const NAMESPACES: [libc::c_int; 7] = [
    libc::CLONE_NEWNS,
    libc::CLONE_NEWUTS,
    libc::CLONE_NEWIPC,
    libc::CLONE_NEWUSER,
    libc::CLONE_NEWPID,
    libc::CLONE_NEWNET,
    libc::CLONE_NEWCGROUP,
];

/// The two filters to install, the refusals (`EPERM`) and `clone3` (`ENOSYS`).
///
/// # Errors
/// An architecture `seccompiler` does not know, or a filter it cannot compile.
pub fn filters() -> Result<[BpfProgram; 2], String> {
    let arch = TargetArch::try_from(std::env::consts::ARCH).map_err(|e| e.to_string())?;
    let mut refused: BTreeMap<i64, Vec<SeccompRule>> =
        REFUSED.iter().map(|&nr| (nr, Vec::new())).collect();
    let condition = |index, op, value| {
        SeccompCondition::new(index, SeccompCmpArgLen::Dword, op, value).map_err(|e| e.to_string())
    };
    let rule = |conditions| SeccompRule::new(conditions).map_err(|e| e.to_string());
    let not_unix = rule(vec![condition(0, SeccompCmpOp::Ne, libc::AF_UNIX as u64)?])?;
    refused.insert(libc::SYS_socket, vec![not_unix.clone()]);
    refused.insert(libc::SYS_socketpair, vec![not_unix]);
    let namespace_flags = NAMESPACES
        .iter()
        .map(|&flag| {
            let flag = flag as u64;
            rule(vec![condition(0, SeccompCmpOp::MaskedEq(flag), flag)?])
        })
        .collect::<Result<Vec<_>, String>>()?;
    refused.insert(libc::SYS_clone, namespace_flags);
    let compile = |rules, errno: i32| -> Result<BpfProgram, String> {
        let filter = SeccompFilter::new(
            rules,
            SeccompAction::Allow,
            SeccompAction::Errno(errno as u32),
            arch,
        )
        .map_err(|e| e.to_string())?;
        filter
            .try_into()
            .map_err(|e: seccompiler::BackendError| e.to_string())
    };
    let clone3 = [(libc::SYS_clone3, Vec::new())].into_iter().collect();
    Ok([
        compile(refused, libc::EPERM)?,
        compile(clone3, libc::ENOSYS)?,
    ])
}
